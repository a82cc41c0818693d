import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_DOCUMENT_PATH, LocalDocumentService } from "./local-folder.server";

const PROJECT = "00000000-0000-4000-8000-000000000001";
const OTHER_PROJECT = "00000000-0000-4000-8000-000000000002";
let root: string;
let service: LocalDocumentService;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "documents-"));
  service = new LocalDocumentService(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const file = (content: string | Readable) => ({
  stream: typeof content === "string" ? Readable.from([Buffer.from(content)]) : content,
  fileName: "../Báo cáo AUD-0001.pdf",
  contentType: "application/pdf",
});

describe("the local document service", () => {
  it("keeps the file under a generated id and reads it back, in its project only", async () => {
    const sent = await service.send(file("report"), { projectId: PROJECT, folderPath: "Safety/ Audits /" });
    const id = sent.reference.split("/")[1];
    expect(sent).toEqual({
      reference: `${PROJECT}/${id}`,
      url: `${LOCAL_DOCUMENT_PATH}/${id}`,
      outcome: "created",
    });
    const kept = await service.read(PROJECT, id);
    expect(kept).toMatchObject({
      fileName: "../Báo cáo AUD-0001.pdf",
      contentType: "application/pdf",
      folderPath: "Safety/Audits",
      size: 6,
    });
    expect(await text(kept?.stream ?? Readable.from([]))).toBe("report");
    expect(await service.read(OTHER_PROJECT, id)).toBeNull();
    expect(await service.read(PROJECT, "../../etc/passwd")).toBeNull();
  });

  it("leaves nothing behind when the stream fails", async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error("upload cut off"));
      },
    });
    await expect(service.send(file(failing), { projectId: PROJECT, folderPath: "Safety" })).rejects.toThrow(
      "upload cut off",
    );
    expect(await readdir(join(root, PROJECT))).toEqual([]);
  });

  it("refuses folder paths that climb out", async () => {
    await expect(service.send(file("x"), { projectId: PROJECT, folderPath: "Safety/../.." })).rejects.toThrow(
      "Not a folder path",
    );
    await expect(service.send(file("x"), { projectId: PROJECT, folderPath: " / " })).rejects.toThrow(
      "The folder path is empty",
    );
  });

  it("answers its status", async () => {
    expect(await service.status()).toEqual({ ok: true, detail: "local" });
  });
});
