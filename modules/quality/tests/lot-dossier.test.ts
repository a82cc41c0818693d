import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import { LocalFolderStorage, setFileStorage } from "~/plugins/storage/index.server";
import { JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { runQueuedJobs, startJobs } from "~/server/jobs/jobs.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { LotClientLink, LotInspectionPoint, Ncr } from "../entities";
import * as lotItpTab from "../routes/lot-itp";
import * as itrNew from "../routes/lot-itr-new";
import * as lotReport from "../routes/lot-report";
import * as lotReportFile from "../routes/lot-report-file";
import { LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const storage = setupTestFileStorage("siteproof-dossier-");
afterEach(async () => {
  await startJobs({ mode: "inline" });
});

// Two different 1×1 PNGs: the client's drawn signature and a site photo uploaded as an ITR.
const SIGNATURE_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const PHOTO_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/** A lot with an ITP (a check, a released hold point, a witness point not yet called), a photo ITR and an NCR. */
async function recordedLot() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const { user, cookie } = await memberWith(db.em, project, LOT_ALL, "Quinn Quality");
  const lot = await makeLot(db.em, project, { title: "Pier 3 pile cap", createdBy: user });
  const { itp, items } = await makeItp(db.em, project, {
    title: "Pile caps",
    items: [
      { activity: "Check reinforcement cover", kind: "C" },
      { activity: "Hold before concrete pour", kind: "H" },
      { activity: "Witness slump test", kind: "W" },
    ],
  });
  const post = (form: Record<string, string>) =>
    callAction(lotItpTab, `/quality/lot/${lot.id}/itp`, { cookie, params: { id: lot.id }, form });
  await post({ intent: "assign", itpId: itp.id });
  await post({ intent: "check", itemId: items[0].id, state: "conforming", comment: "Cover 70 mm" });
  const form = new FormData();
  form.append("title", "Pour photo north face");
  form.append("files", new File([Buffer.from(PHOTO_PNG, "base64")], "north-face.png", { type: "image/png" }));
  const uploaded = await callAction(itrNew, `/quality/lot/${lot.id}/itr/new`, {
    cookie,
    multipart: form,
    params: { lotId: lot.id },
  });
  expect(uploaded.status).toBe(302);
  const em = scopeToProject(db.em, project.id);
  const link = em.create(LotClientLink, {
    project,
    lot,
    purpose: "hold-points",
    points: [items[1].id],
    tokenHash: "0".repeat(64),
    recipientName: "Clara Client",
    recipientEmail: "clara@client.test",
    cc: [],
    expiresAt: new Date("2026-03-16T01:00:00Z"),
    usedAt: new Date("2026-03-03T04:30:00Z"),
  } as never);
  em.create(LotInspectionPoint, {
    link,
    project,
    lot,
    item: items[1],
    state: "released",
    lastAction: "release",
    comment: "Formwork and steel as drawn",
    notifiedBy: user,
    notifiedAt: new Date("2026-03-02T01:00:00Z"),
    decidedBy: user,
    decidedByName: "Clara Client",
    decidedAt: new Date("2026-03-03T04:30:00Z"),
    signature: `data:image/png;base64,${SIGNATURE_PNG}`,
  } as never);
  em.create(Ncr, {
    project,
    number: "NCR-0001",
    type: "product",
    status: "closed",
    title: "Honeycombing at pile cap base",
    description: "Voids up to 20 mm deep along the north face.",
    lot,
    itpItem: items[0],
    raisedOn: "2026-03-05",
    disposition: "repair",
    correctiveAction: "Vibrator training for the pour crew",
    effectivenessCheck: "Next two pours inspected: no voids",
    closedOn: "2026-03-20",
  } as never);
  await em.flush();
  return { project, lot, itp, cookie };
}

async function dossierText(lotId: string, cookie: string) {
  const page = `/quality/lot/${lotId}/report`;
  await startJobs({ mode: "manual" });
  expect((await callAction(lotReport, page, { cookie, params: { id: lotId } })).status).toBe(303);
  expect(await runQueuedJobs()).toBe(1);
  const ready = await callLoader(lotReport, page, { cookie, params: { id: lotId } });
  expect(ready.data.report).toMatchObject({ state: "regenerate", progress: 100 });
  const file = await lotReportFile.loader({
    request: new Request(`http://localhost:3000${page}/file`, { headers: { Cookie: cookie } }),
    params: { id: lotId },
    context: {},
  } as never);
  expect(file.status).toBe(200);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return { text: (text as string).replace(/\s+/g, " "), bytes: Buffer.from(bytes), file };
}

describe("the lot dossier (Download Lot)", () => {
  it("bundles the points' releases, the ITRs with their photos, the NCRs and the activity in words", async () => {
    const { lot, itp, cookie } = await recordedLot();
    const { text, bytes, file } = await dossierText(lot.id, cookie);
    expect(file.headers.get("Content-Disposition")).toContain(`${lot.number}-dossier.pdf`);
    for (const expected of [
      `Lot dossier ${lot.number}`,
      // Every check of the ITP.
      "Check reinforcement cover",
      "Conforming: Cover 70 mm",
      // The hold point's release: state, who (the typed name), when, the comment, the signature block.
      "Hold and witness points",
      `${itp.number} #2 Hold before concrete pour (Hold point)`,
      "State Released Last step Release on client's behalf",
      "Decided Clara Client, Mar 3, 2026, 4:30 AM UTC",
      "Formwork and steel as drawn",
      "Signature Signed by Clara Client on Mar 3, 2026",
      "Released through the link sent to clara@client.test",
      // The witness point not yet called.
      `${itp.number} #3 Witness slump test (Witness point)`,
      "Not started",
      // The ITRs listed, the photo drawn with its caption.
      "Pour photo north face",
      "north-face.png",
      "ITR photos",
      "Pour photo north face (north-face.png)",
      // The NCR and its disposition.
      "NCR-0001 Honeycombing at pile cap base (Closed)",
      "Disposition Repair",
      "Vibrator training for the pour crew",
      "Next two pours inspected: no voids",
      // The activity log with labels, not field keys.
      "ITP assigned",
      "Check: Conforming",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("itpNumber");
    expect(text).not.toContain("is not shown");
    // The signature and the photo are images in the file.
    expect(bytes.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it("names an image ITR it cannot draw instead of failing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const lot = await makeLot(db.em, project);
    const form = new FormData();
    form.append("title", "Broken photo");
    form.append("files", new File(["not a png"], "broken.png", { type: "image/png" }));
    await callAction(itrNew, `/quality/lot/${lot.id}/itr/new`, {
      cookie,
      multipart: form,
      params: { lotId: lot.id },
    });
    const { text } = await dossierText(lot.id, cookie);
    expect(text).toContain("broken.png is not shown (too large or not readable).");
    expect(text).toContain("No NCR has been raised on this lot.");
    expect(text).toContain("The lot's ITPs have no hold or witness point.");
  });

  it("ends the run as failed, with nothing to download, when storage refuses the file", async () => {
    const { lot, cookie } = await recordedLot();
    class RefusingStorage extends LocalFolderStorage {
      override async put(): Promise<{ size: number }> {
        throw new Error("disk full");
      }
    }
    setFileStorage(new RefusingStorage(storage.root));
    const page = `/quality/lot/${lot.id}/report`;
    await startJobs({ mode: "manual" });
    await callAction(lotReport, page, { cookie, params: { id: lot.id } });
    await runQueuedJobs();
    const run = await db.em.findOneOrFail(JobRun, { kind: "quality.lot-report" }, { filters: false });
    expect(run.status).toBe("failed");
    const shown = await callLoader(lotReport, page, { cookie, params: { id: lot.id } });
    expect(shown.data.report.state).toBe("error");
  });
});
