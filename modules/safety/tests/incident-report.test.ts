import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { fileStorage } from "~/plugins/storage/index.server";
import { JobRun } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import * as edit from "../routes/incident-edit";
import * as injuredFiles from "../routes/incident-injured-files";
import * as raise from "../routes/incident-raise";
import * as report from "../routes/incident-report";
import * as reportFile from "../routes/incident-report-file";
import * as view from "../routes/incident-view";
import * as witnessCreate from "../routes/incident-witness-create";
import { incidentSite, wallTime } from "./incident-fixtures";

const db = setupTestDatabase();
const HOUR = 3_600_000;
/** A 1 × 1 PNG: a photo and a drawn signature PDFKit can draw. */
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const editPath = (id: string, step: string) => `/safety/ims/edit/${id}?step=${step}`;

/** The file route's own response (its bytes), or the status it was refused with. */
async function fileOf(incidentId: string, cookie: string): Promise<Response> {
  try {
    return await reportFile.loader({
      request: new Request(`http://localhost:3000/safety/ims/${incidentId}/report/file`, {
        headers: { Cookie: cookie },
      }),
      params: { incidentId },
      context: { clientAddress: "127.0.0.1", nonce: "", requestId: "test" },
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function pdfOf(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  // Each drawn image is an image XObject in the file; one with transparency brings its mask as a second.
  const raw = Buffer.from(bytes).toString("latin1");
  const count = (pattern: RegExp) => raw.match(pattern)?.length ?? 0;
  const images = count(/\/Subtype \/Image/g) - count(/\/SMask \d+ 0 R/g);
  return { text: text.replace(/\s+/g, " "), images };
}

/** An incident with every section filled in through its pages: forms, an injured person with a photo, a witness, an investigation, a drawn sign-off. */
async function documentedIncident() {
  const project = await createProject(db.em);
  const site = await incidentSite(db.em, project);
  const { reporter } = site;
  const post = (step: string, id: string, form: Record<string, string | string[]>) =>
    callAction(edit, editPath(id, step), { cookie: reporter.cookie, params: { id }, form });
  await callAction(raise, "/safety/ims/raise-incident", {
    cookie: reporter.cookie,
    form: {
      intent: "save",
      title: "Worker struck by swinging load",
      ...wallTime(new Date(Date.now() - 2 * HOUR), "UTC"),
      impactAreas: ["People", "Equipment"],
      description: "The tag line slipped while the crane slewed.",
    },
  });
  const register = await db.em
    .fork()
    .getConnection()
    .execute<{ id: string }[]>("select id from safety_incident where project_id = ?", [project.id]);
  const id = register[0].id;
  await post("forms", id, {
    intent: "save",
    hazardReportType: "Near miss",
    securityPoliceReportNumber: "P-123",
  });
  await post("forms", id, { intent: "drug-save", memberId: site.she.user.id, initialBac: "0.000" });
  await post("injury", id, {
    intent: "injured-save",
    fullName: "Tom Rigger",
    classification: "mti",
    bodyPart: "Left shoulder",
  });
  const page = await callLoader(view, `/safety/ims/view/${id}`, { cookie: reporter.cookie, params: { id } });
  const personId = page.data.detail.injured[0].id as string;
  const photos = new FormData();
  photos.append(
    "files",
    new File([Buffer.from(PNG_BASE64, "base64")], "shoulder.png", { type: "image/png" }),
  );
  photos.append("files", new File(["%PDF-1.7 notes"], "doctor-notes.pdf", { type: "application/pdf" }));
  await callAction(injuredFiles, `/safety/ims/${id}/injured/${personId}/files`, {
    cookie: reporter.cookie,
    params: { incidentId: id, personId },
    multipart: photos,
  });
  await callAction(witnessCreate, `/safety/ims/${id}/witness/create`, {
    cookie: reporter.cookie,
    params: { incidentId: id },
    form: { fullName: "Wendy Watcher", company: "Lift Co", account: "I saw the load swing." },
  });
  // The investigation and the sign-off are written by the SHE person once the incident has moved on.
  const step = (cookie: string, action: string) =>
    callAction(view, `/safety/ims/view/${id}`, {
      cookie,
      params: { id },
      form: { intent: "transition", action },
    });
  await callAction(view, `/safety/ims/view/${id}`, {
    cookie: site.manager.cookie,
    params: { id },
    form: { intent: "reassign", shePersonId: site.she.user.id },
  });
  expect((await step(reporter.cookie, "submit_incident")).status).toBe(302);
  expect((await step(site.she.cookie, "submit_evaluation")).status).toBe(302);
  const asShe = (stepName: string, form: Record<string, string | string[]>) =>
    callAction(edit, editPath(id, stepName), { cookie: site.she.cookie, params: { id }, form });
  const investigation = await asShe("investigation", {
    intent: "save",
    eventTime: ["06:40"],
    eventDescription: ["Lift planned"],
    peepoPeople: "Rigger new to the crew",
    factorGroup: ["HUMAN_FACTORS"],
    factorDescription: ["Fatigue after a double shift"],
    rootCause: "No tag line on the load",
    capDescription: ["Retrain riggers on tag lines"],
    capResponsibleId: [reporter.user.id],
    capDueDate: ["2026-12-01"],
  });
  expect(investigation.status, JSON.stringify(investigation.data)).toBe(302);
  expect((await step(site.she.cookie, "submit_investigation")).status).toBe(302);
  const signOff = await asShe("signoff", {
    intent: "save",
    reportCompletedById: reporter.user.id,
    reviewedById: site.manager.user.id,
    reviewerRole: "hsse_manager",
    signature: `data:image/png;base64,${PNG_BASE64}`,
    signedOn: "2026-11-20",
  });
  expect(signOff.status, JSON.stringify(signOff.data)).toBe(302);
  return { id, ...site };
}

describe("the incident report", () => {
  it("goes generate → regenerate and its PDF holds every section, the photo and the signature", async () => {
    const { id, reporter, viewer } = await documentedIncident();
    const path = `/safety/ims/${id}/report`;
    const params = { incidentId: id };
    const before = await callLoader(report, path, { cookie: viewer.cookie, params });
    expect(before.data.report.state).toBe("generate");
    expect((await fileOf(id, viewer.cookie)).status).toBe(404);

    // Whoever sees the incident may ask for its report (the job runs inline in tests).
    const asked = await callAction(report, path, { cookie: viewer.cookie, params });
    expect(asked.location).toBe(path);
    const ready = await callLoader(report, path, { cookie: viewer.cookie, params });
    expect(ready.data.report.state).toBe("regenerate");
    expect(report.meta({ data: ready.data } as never)).not.toContainEqual(
      expect.objectContaining({ httpEquiv: "refresh" }),
    );

    const file = await fileOf(id, reporter.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(decodeURIComponent(file.headers.get("Content-Disposition") ?? "")).toContain(
      "INC-0001 Worker struck by swinging load incident report.pdf",
    );
    const { text, images } = await pdfOf(file);
    for (const expected of [
      "Incident report INC-0001",
      "Basic information",
      "The tag line slipped while the crane slewed.",
      "P-123",
      "Sam Safety",
      "Tom Rigger (Medical treatment injury (MTI))",
      "Left shoulder",
      "Other files: doctor-notes.pdf",
      "Wendy Watcher",
      "Fatigue after a double shift",
      "No tag line on the load",
      "Retrain riggers on tag lines",
      "Signed by Hana Harris on",
      "Activity log",
    ])
      expect(text).toContain(expected);
    // The injured person's photo and the drawn signature.
    expect(images).toBe(2);
  });

  it("keeps only the newest file, and refuses those who do not see the incident", async () => {
    const { id, reporter } = await documentedIncident();
    const path = `/safety/ims/${id}/report`;
    const params = { incidentId: id };
    await callAction(report, path, { cookie: reporter.cookie, params });
    await callAction(report, path, { cookie: reporter.cookie, params });
    const runs = await db.em
      .fork()
      .find(JobRun, { kind: "safety.incident-report" }, { filters: false, orderBy: { createdAt: "asc" } });
    expect(runs.map((run) => run.status)).toEqual(["completed", "completed"]);
    const [first, second] = runs.map((run) => String(run.result?.storageKey));
    expect(await fileStorage().get(first)).toBeNull();
    expect(await fileStorage().get(second)).not.toBeNull();
    const outsider = await createProject(db.em);
    const stranger = await incidentSite(db.em, outsider);
    expect((await callLoader(report, path, { cookie: stranger.viewer.cookie, params })).status).toBe(404);
    expect((await callAction(report, path, { cookie: stranger.viewer.cookie, params })).status).toBe(404);
  });
});
