import { describe, expect, it } from "vitest";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SafetyAction } from "../entities";
import * as actionCreate from "../routes/action-create";
import * as actionDetail from "../routes/action-detail";
import * as evidenceRoute from "../routes/action-evidence";
import * as evidenceFile from "../routes/action-evidence-file";
import { makeAction, multipart, safetySite } from "./fixtures";

const db = setupTestDatabase();
setupTestFileStorage("sp-action-evidence-");

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const photo = (name = "rail.png") => new File([PNG as BlobPart], name, { type: "image/png" });

async function toastOf(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

describe("an action's evidence", () => {
  it("comes with the new action, is added and deleted on the action with log entries, and is refused to others", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, viewer } = await safetySite(db.em, project);
    const created = await callAction(actionCreate, "/safety/actions/create", {
      cookie: engineer.cookie,
      multipart: multipart({ title: "Loose rail", riskRanking: "high", assigneeId: worker.user.id }, [
        photo(),
      ]),
    });
    expect(created.status).toBe(302);
    const [action] = await scopeToProject(db.em, project.id).find(SafetyAction, {});
    const path = `/safety/actions/${action.id}`;
    const upload = (cookie: string, name = "fixed.png") => {
      const form = new FormData();
      form.append("files", photo(name));
      return callAction(evidenceRoute, `${path}/evidence`, {
        cookie,
        multipart: form,
        params: { id: action.id },
      });
    };
    expect((await upload(viewer.cookie)).status).toBe(403);
    const added = await upload(worker.cookie);
    expect(added.location).toBe(path);
    expect(await toastOf(added.headers.get("Set-Cookie"))).toMatchObject({
      message: "safety:action.evidence.added",
    });

    const page = await callLoader(actionDetail, path, { cookie: worker.cookie, params: { id: action.id } });
    expect(
      page.data.evidence.map((file: { fileName: string; kind: string; mayDelete: boolean }) => [
        file.fileName,
        file.kind,
        file.mayDelete,
      ]),
    ).toEqual([
      ["rail.png", "image", false],
      ["fixed.png", "image", true],
    ]);
    const [first, mine] = page.data.evidence;
    const opened = await callLoader(evidenceFile, `${path}/evidence/${first.id}`, {
      cookie: viewer.cookie,
      params: { id: action.id, fileId: first.id },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Disposition")).toContain("inline");

    // Only its uploader (or a manager) deletes a file.
    const refused = await callAction(actionDetail, path, {
      cookie: worker.cookie,
      params: { id: action.id },
      form: { intent: "evidence-delete", fileId: first.id },
    });
    expect(refused.status).toBe(403);
    const deleted = await callAction(actionDetail, path, {
      cookie: worker.cookie,
      params: { id: action.id },
      form: { intent: "evidence-delete", fileId: mine.id },
    });
    expect(deleted.status).toBe(302);
    expect(await db.em.count(Attachment, { entityId: action.id }, { filters: false })).toBe(1);

    const log = await callLoader(actionDetail, `${path}?tab=activity`, {
      cookie: viewer.cookie,
      params: { id: action.id },
    });
    expect(
      log.data.action.activity
        .map((entry: { action: string; actorName: string }) => [entry.action, entry.actorName])
        .reverse(),
    ).toEqual([
      ["created", "Erin Engineer"],
      ["attachment-added", "Erin Engineer"],
      ["attachment-added", "Wade Worker"],
      ["attachment-deleted", "Wade Worker"],
    ]);
  });

  it("keeps nothing when the form is refused, and refuses a file over 100 MB with the spec's message", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await safetySite(db.em, project);
    const refused = await callAction(actionCreate, "/safety/actions/create", {
      cookie: engineer.cookie,
      multipart: multipart({ title: "", riskRanking: "high", assigneeId: worker.user.id }, [photo()]),
    });
    expect(refused.status).toBe(400);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);

    const action = await makeAction(db.em, project, {
      number: "ACT-0001",
      assignee: worker.user,
      createdBy: engineer.user,
    });
    const huge = new FormData();
    // A sparse 100 MB + 1 byte file: the limit is checked while it streams.
    huge.append(
      "files",
      new File([new Uint8Array(100 * 1024 * 1024 + 1) as BlobPart], "site.mp4", { type: "video/mp4" }),
    );
    const tooLarge = await callAction(evidenceRoute, `/safety/actions/${action.id}/evidence`, {
      cookie: worker.cookie,
      multipart: huge,
      params: { id: action.id },
    });
    const toast = await toastOf(tooLarge.headers.get("Set-Cookie"));
    expect(toast).toMatchObject({ type: "error", message: "uploads:tooLarge100" });
    const t = await serverT("en", "uploads");
    expect(t("uploads:tooLarge100")).toBe("These files exceed 100MB. Please check file size and try again.");
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  });
});
