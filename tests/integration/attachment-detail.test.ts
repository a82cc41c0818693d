/**
 * The core attachment page (/attachments/:id) opening a plant document's file: who may open it is said by
 * plant through the attachments.owners extension point. A cross-module test, so it lives outside both.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import * as detail from "~/modules/attachments/routes/attachment-detail";
import * as file from "~/modules/attachments/routes/attachment-file";
import { makeDocument, makePlant, plantSite } from "~/modules/plant/tests/fixtures";
import { LocalFolderStorage, newStorageKey } from "~/plugins/storage/index.server";
import { ProjectModule } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { saveAttachmentRecords } from "~/server/uploads/index.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { type CallOptions, callLoader as callRoute, signedInMember } from "~/tests/setup/requests";

const db = setupTestDatabase();
const storage = setupTestFileStorage("siteproof-attachment-detail-");

/** The route's loader with the `:id` of its path, as Remix passes it. */
const callLoader = (route: Parameters<typeof callRoute>[0], path: string, options: CallOptions = {}) =>
  callRoute(route, path, { ...options, params: { id: path.split("/")[2].split("?")[0] } });

const PDF = Buffer.from("%PDF-1.4\n% a tiny test file\n");

async function storedFile(fileName: string, contentType: string, bytes: Buffer) {
  const key = newStorageKey();
  const { size } = await new LocalFolderStorage(storage.root).put(key, Readable.from(bytes), { contentType });
  return { key, fileName, contentType, size };
}

/** A plant with a registration document whose file is `fileName`, uploaded by the site's engineer. */
async function plantDocumentFile(fileName = "rego.pdf", contentType = "application/pdf") {
  const project = await createProject(db.em, { name: "Harbour Tunnel" });
  const site = await plantSite(db.em, project);
  const plant = await makePlant(db.em, project, site.owner, { number: "PLT-0001" });
  const document = await makeDocument(db.em, plant, { title: "Registration", expiryDate: null });
  const [attachment] = await saveAttachmentRecords(scopeToProject(db.em, project.id), {
    projectId: project.id,
    entityType: "plant-document",
    entityId: document.id,
    files: [await storedFile(fileName, contentType, PDF)],
    uploadedBy: site.engineer.user.id,
    title: "Registration certificate",
    description: "Current until June",
  });
  return { project, site, plant, attachment };
}

describe("attachment detail", () => {
  it("shows the title, description, upload date, uploader, a PDF preview and the record's page", async () => {
    const { site, plant, attachment } = await plantDocumentFile();
    const page = await callLoader(detail, `/attachments/${attachment.id}`, { cookie: site.viewer.cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      id: attachment.id,
      title: "Registration certificate",
      description: "Current until June",
      fileName: "rego.pdf",
      uploadedBy: "Erin Engineer",
      preview: "pdf",
      recordHref: `/plants-and-machinery/${plant.id}?tab=documents`,
    });
    expect(Date.parse(page.data.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("serves the file to download, and inline for the preview", async () => {
    const { site, attachment } = await plantDocumentFile();
    const path = `/attachments/${attachment.id}/file`;
    const download = await callLoader(file, path, { cookie: site.viewer.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="rego.pdf"/);
    expect(download.data).toBe(PDF.toString());
    const inline = await callLoader(file, `${path}?inline=1`, { cookie: site.viewer.cookie });
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(inline.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("previews an image as a picture, and offers no preview for other files", async () => {
    const image = await plantDocumentFile("photo.jpg", "image/jpeg");
    const page = await callLoader(detail, `/attachments/${image.attachment.id}`, {
      cookie: image.site.viewer.cookie,
    });
    expect(page.data.preview).toBe("image");
    const sheet = await plantDocumentFile("hours.xlsx", "application/vnd.ms-excel");
    const other = await callLoader(detail, `/attachments/${sheet.attachment.id}`, {
      cookie: sheet.site.viewer.cookie,
    });
    expect(other.data.preview).toBeNull();
    // Not shown inline even when asked.
    const asked = await callLoader(file, `/attachments/${sheet.attachment.id}/file?inline=1`, {
      cookie: sheet.site.viewer.cookie,
    });
    expect(asked.headers.get("Content-Disposition")).toMatch(/^attachment;/);
  });

  it("is 403 to a member without the owning record's view permission", async () => {
    const { project, attachment } = await plantDocumentFile();
    const { cookie } = await signedInMember(db.em, project, ["quality.lot.view"]);
    expect((await callLoader(detail, `/attachments/${attachment.id}`, { cookie })).status).toBe(403);
    expect((await callLoader(file, `/attachments/${attachment.id}/file`, { cookie })).status).toBe(403);
  });

  it("is 404 for another project's attachment, an unknown id, and a module switched off", async () => {
    const { project, attachment } = await plantDocumentFile();
    const elsewhere = await createProject(db.em, { name: "Other job" });
    const outsider = await signedInMember(db.em, elsewhere, ["plant.register.view"]);
    for (const path of [`/attachments/${attachment.id}`, `/attachments/${attachment.id}/file`]) {
      const route = path.endsWith("/file") ? file : detail;
      expect((await callLoader(route, path, { cookie: outsider.cookie })).status).toBe(404);
    }
    const member = await signedInMember(db.em, project, ["plant.register.view"]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await callLoader(detail, `/attachments/${unknown}`, { cookie: member.cookie })).status).toBe(404);
    expect((await callLoader(detail, "/attachments/not-an-id", { cookie: member.cookie })).status).toBe(404);
    const em = db.em;
    em.create(ProjectModule, { project, moduleId: "plant", enabled: false });
    await em.flush();
    expect(
      (await callLoader(detail, `/attachments/${attachment.id}`, { cookie: member.cookie })).status,
    ).toBe(404);
  });

  it("sends a visitor to sign in", async () => {
    const { attachment } = await plantDocumentFile();
    expect((await callLoader(detail, `/attachments/${attachment.id}`)).location).toMatch(/^\/auth\/login/);
  });
});
