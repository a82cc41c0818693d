import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { Defect, type IDefect } from "../entities";
import * as defectDetail from "../routes/defect-detail";
import * as defectFile from "../routes/defect-file";
import * as defectFilesRoute from "../routes/defect-files";
import * as defectPdf from "../routes/defect-pdf";

const db = setupTestDatabase();
setupTestFileStorage("sp-defect-files-");

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

function photoForm(name = "valve.png", bytes: Uint8Array = PNG) {
  const form = new FormData();
  form.append("files", new File([bytes as BlobPart], name, { type: "image/png" }));
  return form;
}

const REAL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function toastOf(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

describe("a defect's photos and documents", () => {
  it("are added by the assignee, shown on the defect and opened in the browser; refused to others and once closed", async () => {
    const project = await createProject(db.em);
    const trade = await signedInMember(db.em, project, ["quality.defects.view", "quality.defects.respond"]);
    const onlooker = await signedInMember(db.em, project, ["quality.defects.view"]);
    const scoped = scopeToProject(db.em, project.id);
    const defect = scoped.create(Defect, {
      project,
      number: "DEF-0001",
      title: "Leaking valve",
      status: "in_progress",
      priority: "normal",
      assignee: trade.user,
    } as never) as IDefect;
    await scoped.flush();
    const path = `/quality/defects/${defect.id}`;
    const upload = (cookie: string) =>
      callAction(defectFilesRoute, `${path}/files`, {
        cookie,
        multipart: photoForm(),
        params: { id: defect.id },
      });

    expect((await upload(onlooker.cookie)).status).toBe(403);
    const uploaded = await upload(trade.cookie);
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toBe(path);
    expect(await toastOf(uploaded.headers.get("Set-Cookie"))).toMatchObject({
      type: "success",
      message: "quality:defect.files.added",
    });

    const page = await callLoader(defectDetail, path, { cookie: onlooker.cookie, params: { id: defect.id } });
    expect(page.data.canAddFiles).toBe(false);
    expect(page.data.files).toEqual([
      {
        id: expect.any(String),
        fileName: "valve.png",
        size: PNG.length,
        kind: "image",
        isImage: true,
        uploadedBy: expect.any(String),
        // An onlooker removes nobody's file.
        mayDelete: false,
      },
    ]);
    const fileId = page.data.files[0].id;

    const opened = await callLoader(defectFile, `${path}/files/${fileId}`, {
      cookie: onlooker.cookie,
      params: { id: defect.id, fileId },
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Type")).toBe("image/png");
    expect(opened.headers.get("Content-Disposition")).toMatch(/^inline/);
    // A file id of another record is not this defect's.
    const other = await callLoader(defectFile, `${path}/files/${defect.id}`, {
      cookie: onlooker.cookie,
      params: { id: defect.id, fileId: defect.id },
    });
    expect(other.status).toBe(404);

    defect.status = "closed";
    await scoped.flush();
    const late = await upload(trade.cookie);
    expect(await toastOf(late.headers.get("Set-Cookie"))).toMatchObject({
      type: "error",
      message: "quality:defect.files.closed",
    });
    const after = await callLoader(defectDetail, path, { cookie: trade.cookie, params: { id: defect.id } });
    expect(after.data.files).toHaveLength(1);
    expect(after.data.canAddFiles).toBe(false);
  });
});

describe("a defect's PDF", () => {
  it("holds its fields, its photos with their names (a photo PDFKit cannot draw is named), and its history", async () => {
    const project = await createProject(db.em);
    const trade = await signedInMember(db.em, project, ["quality.defects.view", "quality.defects.respond"]);
    const reader = await signedInMember(db.em, project, ["quality.defects.view", "quality.defects.download"]);
    const scoped = scopeToProject(db.em, project.id);
    const defect = scoped.create(Defect, {
      project,
      number: "DEF-0003",
      title: "Cracked tile",
      description: "Lobby, by the lift",
      status: "in_progress",
      priority: "high",
      assignee: trade.user,
    } as never) as IDefect;
    await scoped.flush();
    const path = `/quality/defects/${defect.id}`;
    for (const [name, bytes] of [
      ["tile.png", REAL_PNG],
      ["broken.png", PNG],
    ] as const)
      await callAction(defectFilesRoute, `${path}/files`, {
        cookie: trade.cookie,
        multipart: photoForm(name, bytes),
        params: { id: defect.id },
      });

    const download = async (cookie: string) => {
      try {
        return (await defectPdf.loader({
          request: new Request(`http://localhost:3000${path}/pdf`, { headers: { Cookie: cookie } }),
          params: { id: defect.id },
          context: {},
        } as never)) as Response;
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const response = await download(reader.cookie);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const text = ((await extractText(pdf, { mergePages: true })).text as string).replace(/\s+/g, " ");
    for (const expected of [
      "DEF-0003 Cracked tile",
      "In progress",
      "High",
      "Lobby, by the lift",
      "Photos",
      "tile.png",
      "broken.png (not shown: only PNG and JPEG photos go into the PDF)",
    ])
      expect(text).toContain(expected);

    const page = await callLoader(defectDetail, path, { cookie: reader.cookie, params: { id: defect.id } });
    expect(page.data.canDownload).toBe(true);
    // Without the download permission: the guard's answer, no file.
    expect((await download(trade.cookie)).headers.get("Location")).toBe("/forbidden");
  });
});
