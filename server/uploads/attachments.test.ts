import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalFolderStorage } from "~/plugins/storage/local-folder.server";
import { activityFor } from "~/server/audit/activity.server";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  attachmentDownload,
  attachmentsOf,
  contentDisposition,
  saveAttachmentRecords,
} from "./attachments.server";
import { parseUpload } from "./parse-upload.server";

const db = setupTestDatabase();
let root: string;
let storage: LocalFolderStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "siteproof-attachments-"));
  storage = new LocalFolderStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function uploadToLot(projectId: string, userId: string, files: File[], title?: string) {
  const form = new FormData();
  for (const file of files) form.append("files", file);
  const request = new Request("http://localhost:3000/quality/lots/1/attachments", {
    method: "POST",
    body: form,
  });
  const upload = await parseUpload(request, { maxBytes: 1024 * 1024, storage });
  const em = scopeToProject(db.em.fork(), projectId);
  return saveAttachmentRecords(em, {
    projectId,
    entityType: "lot",
    entityId: "lot-1",
    files: upload.files,
    uploadedBy: userId,
    title,
  });
}

describe("attachments", () => {
  it("saves one row per uploaded file, in the record's history, and downloads it as uploaded", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em);
    const pdf = new File(["%PDF-1.7 pour record"], "Pour record.pdf", { type: "application/pdf" });
    const photo = new File([Buffer.alloc(2048, 9)], "Ảnh hiện trường.jpg", { type: "image/jpeg" });

    await uploadToLot(project.id, user.id, [pdf, photo]);

    const em = scopeToProject(db.em.fork(), project.id);
    // Files of one upload share their time to the millisecond; their order then depends on the collation.
    const attachments = (await attachmentsOf(em, "lot", "lot-1")).sort((a, b) => a.size - b.size);
    expect(attachments.map(({ title, fileName, size }) => ({ title, fileName, size }))).toEqual([
      { title: "Pour record.pdf", fileName: "Pour record.pdf", size: 20 },
      { title: "Ảnh hiện trường.jpg", fileName: "Ảnh hiện trường.jpg", size: 2048 },
    ]);
    const history = await activityFor(em, "lot", "lot-1");
    expect(history.map((entry) => entry.action)).toEqual(["attachment-added", "attachment-added"]);

    const response = await attachmentDownload(em, attachments[0].id, { storage });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Length")).toBe("20");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Pour record.pdf"; filename*=UTF-8''Pour%20record.pdf`,
    );
    expect(await response.text()).toBe("%PDF-1.7 pour record");

    const image = await attachmentDownload(em, attachments[1].id, { storage, inline: true });
    expect(image.headers.get("Content-Disposition")).toMatch(
      /^inline; filename="_nh hi_n tr__ng.jpg"; filename\*=UTF-8''/,
    );
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.alloc(2048, 9));
  });

  it("uses a shared title when one is given", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em);
    const saved = await uploadToLot(project.id, user.id, [new File(["a"], "a.csv")], "  Test results ");
    expect(saved[0].title).toBe("Test results");
    expect(saved[0].contentType).toBe("text/csv");
  });

  it("does not serve another project's attachment", async () => {
    const user = await createUser(db.em);
    const mine = await createProject(db.em);
    const theirs = await createProject(db.em);
    const [theirFile] = await uploadToLot(theirs.id, user.id, [new File(["secret"], "secret.pdf")]);

    const em = scopeToProject(db.em.fork(), mine.id);
    const refused = await attachmentDownload(em, theirFile.id, { storage }).catch((thrown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect(refused.status).toBe(404);
  });

  it("answers 404 when the stored file is gone", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em);
    const [saved] = await uploadToLot(project.id, user.id, [new File(["x"], "x.pdf")]);
    await storage.delete(saved.storageKey);
    const em = scopeToProject(db.em.fork(), project.id);
    const refused = await attachmentDownload(em, saved.id, { storage }).catch((thrown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect(refused.status).toBe(404);
  });
});

describe("contentDisposition", () => {
  it("quotes nothing a header could be broken with", () => {
    expect(contentDisposition('a"b\\c.pdf')).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});
