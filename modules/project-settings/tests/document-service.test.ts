import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDocumentServiceForTests } from "~/plugins/document-service/index.server";
import { type FakeAcc, startFakeAcc } from "~/plugins/document-service/testing/fake-acc-server";
import { newStorageKey } from "~/plugins/storage/index.server";
import { ActivityLog, DocumentServiceSetting, type IProject, JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import {
  documentSendsFor,
  latestDocumentSend,
  sendToDocumentService,
} from "~/server/documents/document-sends.server";
import { decryptSecret } from "~/server/documents/secret.server";
import { toastText } from "~/server/settings/test-support";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import * as page from "../routes/document-service";
import * as fileRoute from "../routes/document-service.file";

const db = setupTestDatabase();
const PAGE = "/project-settings/document-service";
const VIEW = "project-settings.documentService.view";
const EDIT = "project-settings.documentService.edit";

// The local document service writes inside the temporary folder too (storage keys never start with
// "documents"), so its files go when the test ends.
const storage = setupTestFileStorage("sp-documents-");
let fake: FakeAcc;
beforeEach(async () => {
  fake = await startFakeAcc();
  setDocumentServiceForTests({
    localRoot: join(storage.root, "documents"),
    accBaseUrl: fake.url,
    accRetry: { retries: 2, minTimeoutMs: 5 },
  });
});
afterEach(async () => {
  setDocumentServiceForTests();
  await fake.close();
});

const accForm = (values: Record<string, string> = {}) => ({
  intent: "save",
  kind: "acc",
  folderPath: "Project Files/SiteProof",
  accHubId: fake.hubId,
  accProjectId: fake.projectId,
  accClientId: fake.clientId,
  accClientSecret: fake.clientSecret,
  ...values,
});

const settingRows = (project: IProject) =>
  db.em
    .fork()
    .count(
      DocumentServiceSetting,
      { project: project.id },
      { filters: { project: { projectId: project.id } } },
    );

async function storedReport(text: string) {
  const storageKey = newStorageKey();
  await (await import("~/plugins/storage/index.server"))
    .fileStorage()
    .put(storageKey, Readable.from([Buffer.from(text)]), {
      contentType: "application/pdf",
    });
  return { storageKey, fileName: "AUD-0001 Audit report.pdf", contentType: "application/pdf" };
}

describe("document service settings page", () => {
  it("shows the local default while nothing is stored, and never a secret", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW]);
    const shown = await callLoader(page, PAGE, { cookie });
    expect(shown.status).toBe(200);
    expect(shown.data).toEqual({
      settings: {
        kind: "local",
        folderPath: "SiteProof",
        accHubId: "",
        accProjectId: "",
        accClientId: "",
        secretStored: false,
      },
      canEdit: false,
    });
  });

  it("is closed to members without the view permission, and saving needs edit", async () => {
    const project = await createProject(db.em);
    const nobody = await signedInMember(db.em, project, []);
    expect((await callLoader(page, PAGE, { cookie: nobody.cookie })).location).toBe("/forbidden");
    const viewer = await signedInMember(db.em, project, [VIEW]);
    expect((await callAction(page, PAGE, { cookie: viewer.cookie, form: accForm() })).status).toBe(403);
    const tested = await callAction(page, PAGE, { cookie: viewer.cookie, form: accForm({ intent: "test" }) });
    expect(tested.status).toBe(403);
    expect(fake.calls).toEqual([]);
    expect(await settingRows(project)).toBe(0);
  });

  it("answers validation messages and writes nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW, EDIT]);
    const answer = await callAction(page, PAGE, {
      cookie,
      form: accForm({
        folderPath: "Project Files/../..",
        accHubId: "hub 1",
        accProjectId: "",
        accClientSecret: "",
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      folderPath: ["Enter folder names separated by /, without . or .."],
      accHubId: ["Enter an ID starting with b. (letters, digits, - and _)"],
      accProjectId: [expect.any(String)],
      accClientSecret: [expect.any(String)],
    });
    // The typed secret is not sent back either.
    expect(JSON.stringify(answer.data)).not.toContain(fake.clientSecret);
    expect(await settingRows(project)).toBe(0);
  });

  it("saves the ACC link with the secret encrypted, keeps it when left empty, and logs no secret", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW, EDIT]);
    const saved = await callAction(page, PAGE, { cookie, form: accForm() });
    expect(saved.location).toBe(PAGE);
    expect(await toastText(saved)).toBe("Document service settings saved");

    const em = scopeToProject(db.em.fork(), project.id);
    const row = await em.findOneOrFail(DocumentServiceSetting, { project: project.id });
    expect(row.accClientSecret).not.toContain(fake.clientSecret);
    expect(decryptSecret(row.accClientSecret ?? "")).toBe(fake.clientSecret);

    const shown = await callLoader(page, PAGE, { cookie });
    expect(shown.data.settings).toMatchObject({
      kind: "acc",
      folderPath: "Project Files/SiteProof",
      secretStored: true,
    });
    expect(JSON.stringify(shown.data)).not.toContain(fake.clientSecret);

    await callAction(page, PAGE, {
      cookie,
      form: accForm({ accClientSecret: "", folderPath: "Project Files / Reports" }),
    });
    const again = await scopeToProject(db.em.fork(), project.id).findOneOrFail(DocumentServiceSetting, {
      project: project.id,
    });
    expect(again.folderPath).toBe("Project Files/Reports");
    expect(decryptSecret(again.accClientSecret ?? "")).toBe(fake.clientSecret);

    const log = await db.em
      .fork()
      .find(ActivityLog, { entityType: "DocumentServiceSetting", entityId: project.id });
    expect(log).toHaveLength(2);
    expect(JSON.stringify(log.map((entry) => entry.after))).not.toContain(fake.clientSecret);
  });

  it("tests the connection with the typed settings, saving nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW, EDIT]);
    const ok = await callAction(page, PAGE, { cookie, form: accForm({ intent: "test" }) });
    expect(ok.data.test).toEqual({ ok: true, detail: "Project Files, Plans" });
    const wrong = await callAction(page, PAGE, {
      cookie,
      form: accForm({ intent: "test", accClientSecret: "nope" }),
    });
    expect(wrong.data.test).toMatchObject({
      ok: false,
      error: expect.stringMatching(/ACC sign-in failed: HTTP 401/),
    });
    expect(await settingRows(project)).toBe(0);
  });
});

describe("sending a stored file to the project's document service", () => {
  const subject = { type: "audit", id: "00000000-0000-4000-8000-0000000000a1" };
  /** What a module does: one call with the stored file and the record it belongs to. */
  const sendReport = async (
    project: IProject,
    text: string,
    more: { folder?: string; requestedBy?: string } = {},
  ) =>
    sendToDocumentService(scopeToProject(db.em.fork(), project.id), {
      projectId: project.id,
      moduleId: "safety",
      subject,
      file: await storedReport(text),
      ...more,
    });

  it("keeps it in the local folder by default, served back to the project's members only", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, []);
    const em = scopeToProject(db.em.fork(), project.id);
    const send = await sendReport(project, "audit report", { folder: "Safety/Audits", requestedBy: user.id });
    expect(send).toMatchObject({
      status: "sent",
      serviceKind: "local",
      folderPath: "SiteProof/Safety/Audits",
      error: null,
    });
    expect(send.url).toMatch(/^\/project-settings\/document-service\/files\/[0-9a-f-]{36}$/);
    expect((await latestDocumentSend(em, { projectId: project.id, subject }))?.id).toBe(send.id);

    const id = send.url?.split("/").pop() ?? "";
    const file = await callLoader(fileRoute, send.url ?? "", { cookie, params: { id } });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("AUD-0001");
    const outsider = await signedInMember(db.em, other, []);
    const refused = await callLoader(fileRoute, send.url ?? "", { cookie: outsider.cookie, params: { id } });
    expect(refused.status).toBe(404);

    const entries = await db.em.fork().find(ActivityLog, { entityType: "audit", entityId: subject.id });
    expect(entries.map((entry) => entry.action)).toEqual(["documentSent"]);
  });

  it("uploads to ACC when the project chose it, as a new version the second time", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW, EDIT]);
    await callAction(page, PAGE, { cookie, form: accForm() });
    const em = scopeToProject(db.em.fork(), project.id);
    const first = await sendReport(project, "v1", { folder: "Audits" });
    expect(first).toMatchObject({
      status: "sent",
      serviceKind: "acc",
      folderPath: "Project Files/SiteProof/Audits",
    });
    expect(first.reference).toMatch(/\?version=1$/);
    const second = await sendReport(project, "v2", { folder: "Audits" });
    expect(second.reference).toMatch(/\?version=2$/);
    expect(fake.items).toHaveLength(1);
    // The project's sends share one token.
    expect(fake.calls.filter((call) => call === "token")).toHaveLength(1);
    const sends = await documentSendsFor(em, { projectId: project.id, subject });
    expect(sends.map((send) => send.id)).toEqual([second.id, first.id]);
  });

  it("records the failure, with ACC's message, when the retries run out", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, [VIEW, EDIT]);
    await callAction(page, PAGE, { cookie, form: accForm() });
    fake.failNext("storage", { status: 500 }, { status: 500 }, { status: 503 });
    const send = await sendReport(project, "x");
    expect(send.status).toBe("failed");
    expect(send.error).toMatch(/Creating the storage object failed: HTTP 503 .*gave up after 3 attempts/);
    const run = await db.em.fork().findOneOrFail(JobRun, { id: send.jobRun?.id });
    expect(run.status).toBe("failed");
  });
});
