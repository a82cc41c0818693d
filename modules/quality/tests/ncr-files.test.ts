import { readdirSync } from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { type INcr, Ncr } from "../entities";
import * as ncrDetail from "../routes/ncr-detail";
import * as ncrPdf from "../routes/ncr-export-pdf";
import * as ncrFile from "../routes/ncr-file";
import * as ncrFilesRoute from "../routes/ncr-files";

const db = setupTestDatabase();
const storage = setupTestFileStorage("sp-ncr-files-");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function filesForm() {
  const form = new FormData();
  form.append("files", new File([PNG], "honeycomb.png", { type: "image/png" }));
  form.append("files", new File(["%PDF-1.7 test report"], "core-test.pdf", { type: "application/pdf" }));
  return form;
}

async function toastOf(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

const storedFiles = () =>
  readdirSync(storage.root, { recursive: true }).filter((name) => String(name).includes("."));

describe("an NCR's photos and documents", () => {
  it("are added while in progress or in review by who edits or reviews it, listed on its page and in its PDF", async () => {
    const project = await createProject(db.em);
    const editor = await signedInMember(db.em, project, ["quality.ncr.view", "quality.ncr.edit"]);
    const reader = await signedInMember(db.em, project, ["quality.ncr.view", "quality.ncr.download"]);
    const scoped = scopeToProject(db.em, project.id);
    const ncr = scoped.create(Ncr, {
      project,
      number: "NCR-0001",
      type: "system",
      title: "Honeycombing",
      description: "Voids at the base",
      raisedOn: "2026-03-01",
    } as never) as INcr;
    await scoped.flush();
    const path = `/quality/ncr/${ncr.id}`;
    const upload = (cookie: string) =>
      callAction(ncrFilesRoute, `${path}/files`, { cookie, multipart: filesForm(), params: { id: ncr.id } });

    expect((await upload(reader.cookie)).status).toBe(403);
    const uploaded = await upload(editor.cookie);
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toBe(path);
    expect(await toastOf(uploaded.headers.get("Set-Cookie"))).toMatchObject({
      type: "success",
      message: "quality:ncrFiles.added",
      params: { count: 2 },
    });

    const page = await callLoader(ncrDetail, path, { cookie: reader.cookie, params: { id: ncr.id } });
    expect(page.data.canAddFiles).toBe(false);
    expect(
      page.data.files
        .map((file: { fileName: string; isImage: boolean }) => [file.fileName, file.isImage])
        .sort(),
    ).toEqual([
      ["core-test.pdf", false],
      ["honeycomb.png", true],
    ]);
    const photo = page.data.files.find((file: { isImage: boolean }) => file.isImage);
    const opened = await callLoader(ncrFile, `${path}/files/${photo.id}`, {
      cookie: reader.cookie,
      params: { id: ncr.id, fileId: photo.id },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Disposition")).toMatch(/^inline/);

    const pdf = await ncrPdf.loader({
      request: new Request(`http://localhost${path}/pdf`, { headers: { Cookie: reader.cookie } }),
      params: { id: ncr.id },
      context: {},
    } as never);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    const flat = (text as string).replace(/\s+/g, " ");
    expect(flat).toContain("Photos and documents");
    expect(flat).toContain("honeycomb.png");
    expect(flat).toContain("core-test.pdf");

    // In review: still taken; closed: refused with the reason, nothing kept.
    ncr.status = "in_review";
    await scoped.flush();
    expect((await upload(editor.cookie)).status).toBe(302);
    expect(await db.em.count(Attachment, { entityId: ncr.id }, { filters: false })).toBe(4);
    ncr.status = "closed";
    await scoped.flush();
    const before = storedFiles().length;
    const late = await upload(editor.cookie);
    expect(await toastOf(late.headers.get("Set-Cookie"))).toMatchObject({
      type: "error",
      message: "quality:ncrFiles.closed",
    });
    expect(await db.em.count(Attachment, { entityId: ncr.id }, { filters: false })).toBe(4);
    expect(storedFiles().length).toBe(before);
    const closed = await callLoader(ncrDetail, path, { cookie: editor.cookie, params: { id: ncr.id } });
    expect(closed.data.canAddFiles).toBe(false);
  });

  it("answers 404 for a file of another record or an NCR of another project", async () => {
    const project = await createProject(db.em);
    const member = await signedInMember(db.em, project, ["quality.ncr.view", "quality.ncr.edit"]);
    const other = await createProject(db.em);
    const scoped = scopeToProject(db.em, other.id);
    const foreign = scoped.create(Ncr, {
      project: other,
      number: "NCR-0001",
      type: "system",
      title: "Elsewhere",
      description: "Not yours",
      raisedOn: "2026-03-01",
    } as never) as INcr;
    await scoped.flush();
    const path = `/quality/ncr/${foreign.id}`;
    expect(
      (
        await callAction(ncrFilesRoute, `${path}/files`, {
          cookie: member.cookie,
          multipart: filesForm(),
          params: { id: foreign.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callLoader(ncrFile, `${path}/files/${foreign.id}`, {
          cookie: member.cookie,
          params: { id: foreign.id, fileId: foreign.id },
        })
      ).status,
    ).toBe(404);
  });
});
