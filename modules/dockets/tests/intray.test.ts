import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Attachment } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { DOCKET_ENTITY_TYPE } from "../domain/docket-posting-state";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import { Docket, IntrayItem } from "../entities";
import * as intray from "../routes/intray";
import * as intrayImage from "../routes/intray-image";
import { INTRAY_ENTITY_TYPE } from "../server/intray.server";

const db = setupTestDatabase();
const storage = setupTestFileStorage("sp-intray-");

const P = DOCKET_PERMISSIONS;
/** The smallest PNG there is: a 1×1 pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const png = (name: string) => new File([PNG as BlobPart], name, { type: "image/png" });
const storedFiles = () =>
  readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
    .length;

async function site() {
  const em = db.em;
  const project = await createProject(em);
  const clerk = await signedInMember(em, project, [
    P.intrayView,
    P.intrayCreate,
    P.intrayEdit,
    P.intrayDelete,
    P.create,
    P.view,
  ]);
  const viewer = await signedInMember(em, project, [P.intrayView]);
  const upload = (files: File[], cookie = clerk.cookie) => {
    const form = new FormData();
    for (const file of files) form.append("files", file);
    return callAction(intray, "/dockets/intray", { cookie, multipart: form });
  };
  const post = (form: Record<string, string>, cookie = clerk.cookie) =>
    callAction(intray, "/dockets/intray", { cookie, form });
  return { em, project, clerk, viewer, upload, post };
}

describe("the intray", () => {
  it("takes several photos at once; a file over 100 MB refuses the whole upload and keeps nothing", async () => {
    const { em, project, clerk, viewer, upload } = await site();
    const huge = new File([new Uint8Array(100 * 1024 * 1024 + 1) as BlobPart], "scan.png", {
      type: "image/png",
    });
    const refused = await upload([png("a.png"), huge]);
    expect(refused.status).toBe(400);
    const uploads = await serverT("en", "uploads");
    expect(refused.data.error.files.map((key: string) => uploads(key.replace("uploads:", "")))).toEqual([
      "These files exceed 100MB. Please check file size and try again.",
    ]);
    expect(await em.count(IntrayItem, {}, { filters: false })).toBe(0);
    expect(await em.count(Attachment, {}, { filters: false })).toBe(0);
    expect(storedFiles()).toBe(0);

    expect((await upload([new File(["MZ"], "setup.exe")])).status).toBe(400);
    expect((await upload([png("x.png")], viewer.cookie)).status).toBe(403);

    const added = await upload([png("docket-1.png"), png("docket-2.png"), png("docket-3.png")]);
    expect(added.status).toBe(302);
    const page = await callLoader(intray, "/dockets/intray", { cookie: viewer.cookie });
    expect(page.data.items.map((item: { name: string }) => item.name).sort()).toEqual([
      "docket-1.png",
      "docket-2.png",
      "docket-3.png",
    ]);
    expect(page.data.items[0]).toMatchObject({ isImage: true, uploadedBy: clerk.user.name });
    expect(page.data).toMatchObject({ canUpload: false, canDelete: false, canWriteUp: false });
    const files = await em.find(Attachment, { entityType: INTRAY_ENTITY_TYPE }, { filters: false });
    expect(files).toHaveLength(3);
    expect(storedFiles()).toBe(3);

    const image = await callLoader(intrayImage, `/dockets/intray/${page.data.items[0].id}/image`, {
      cookie: viewer.cookie,
      params: { id: page.data.items[0].id },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    const stranger = await signedInMember(em, await createProject(em), [P.intrayView]);
    const elsewhere = await callLoader(intrayImage, `/dockets/intray/${page.data.items[0].id}/image`, {
      cookie: stranger.cookie,
      params: { id: page.data.items[0].id },
    });
    expect(elsewhere.status).toBe(404);
    expect(project.id).toBeTruthy();
  });

  it("sets aside, restores and deletes (confirmed) an item with its file", async () => {
    const { em, upload, post } = await site();
    await upload([png("one.png")]);
    const [item] = await em.find(IntrayItem, {}, { filters: false });
    expect((await post({ intent: "set-aside", itemId: item.id })).status).toBe(302);
    expect((await db.em.findOneOrFail(IntrayItem, item.id, { filters: false })).active).toBe(false);
    expect((await post({ intent: "restore", itemId: item.id })).status).toBe(302);
    expect((await db.em.findOneOrFail(IntrayItem, item.id, { filters: false })).active).toBe(true);
    await post({ intent: "delete", itemId: item.id });
    expect(await em.count(IntrayItem, {}, { filters: false })).toBe(1);
    await post({ intent: "delete", itemId: item.id, confirmed: "yes" });
    expect(await em.count(IntrayItem, {}, { filters: false })).toBe(0);
    expect(await em.count(Attachment, {}, { filters: false })).toBe(0);
    expect(storedFiles()).toBe(0);
  });

  it("writes an item up as a numbered draft docket with a copy of the image, and opens its edit page", async () => {
    const { em, project, upload, post } = await site();
    await upload([png("dig.png"), png("pour.png")]);
    const items = await em.find(IntrayItem, {}, { filters: false, orderBy: { imageName: "asc" } });
    const first = await post({ intent: "write-up", itemId: items[0].id });
    expect(first.status).toBe(302);
    const docket = await em.findOneOrFail(Docket, { project: project.id }, { filters: false });
    expect(first.location).toBe(`/dockets/${docket.id}/edit`);
    expect(docket).toMatchObject({ number: "DKT-0001", status: "draft" });
    expect(String(docket.docketDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const item = await db.em.findOneOrFail(IntrayItem, items[0].id, { filters: false });
    expect(item.active).toBe(false);
    expect(item.docket?.id).toBe(docket.id);
    const copies = await em.find(
      Attachment,
      { entityType: DOCKET_ENTITY_TYPE, entityId: docket.id },
      { filters: false },
    );
    expect(copies.map((file) => file.fileName)).toEqual(["dig.png"]);
    const original = await em.findOneOrFail(Attachment, item.attachmentId, { filters: false });
    expect(copies[0].storageKey).not.toBe(original.storageKey);
    expect(storedFiles()).toBe(3);

    // Written up once: a second write-up of the same item makes nothing.
    const again = await post({ intent: "write-up", itemId: items[0].id });
    expect(again.location).toBe("/dockets/intray");
    expect(await em.count(Docket, { project: project.id }, { filters: false })).toBe(1);
    await post({ intent: "write-up", itemId: items[1].id });
    const numbers = await em.find(
      Docket,
      { project: project.id },
      { filters: false, orderBy: { sequence: "asc" } },
    );
    expect(numbers.map((row) => row.number)).toEqual(["DKT-0001", "DKT-0002"]);
  });
});
