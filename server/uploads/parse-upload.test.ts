import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import english from "~/app/locales/en/uploads.json";
import type { FileStorage } from "~/plugins/storage/file-storage";
import { LocalFolderStorage } from "~/plugins/storage/local-folder.server";
import {
  UploadFailed,
  UploadFieldRefused,
  UploadTooLarge,
  UploadTooManyFiles,
  UploadTypeNotAllowed,
  uploadErrorMessage,
} from "./errors";
import { UPLOAD_LIMITS } from "./file-types";
import { cleanFileName, discardUploads, parseUpload } from "./parse-upload.server";

const KB = 1024;
let root: string;
let storage: LocalFolderStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "siteproof-uploads-"));
  storage = new LocalFolderStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const storedFiles = () =>
  readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

function uploadRequest(form: FormData) {
  return new Request("http://localhost:3000/quality/lots/1/attachments", { method: "POST", body: form });
}

const file = (name: string, bytes: number, type = "application/octet-stream") =>
  new File([Buffer.alloc(bytes, 7)], name, { type });

describe("parseUpload", () => {
  it("stores several files and returns the other fields", async () => {
    const form = new FormData();
    form.append("title", "Pour records");
    form.append("files", new File(["%PDF-1.7 test"], "Pour Record.pdf", { type: "application/pdf" }));
    form.append("files", file("site.JPG", 3 * KB, "image/jpeg"));
    form.append("files", file("model.ifc", 2 * KB, ""));

    const { fields, files } = await parseUpload(uploadRequest(form), { maxBytes: 4 * KB, storage });

    expect(fields.get("title")).toBe("Pour records");
    expect(
      files.map(({ fileName, contentType, size, fieldName }) => ({ fileName, contentType, size, fieldName })),
    ).toEqual([
      { fileName: "Pour Record.pdf", contentType: "application/pdf", size: 13, fieldName: "files" },
      { fileName: "site.JPG", contentType: "image/jpeg", size: 3 * KB, fieldName: "files" },
      { fileName: "model.ifc", contentType: "application/x-step", size: 2 * KB, fieldName: "files" },
    ]);
    expect(new Set(files.map((stored) => stored.key)).size).toBe(3);
    expect(await text((await storage.get(files[0].key))!.stream)).toBe("%PDF-1.7 test");
    expect(storedFiles()).toHaveLength(3);
  });

  it("keeps non-ASCII file names (Vietnamese) intact", async () => {
    const form = new FormData();
    form.append("files", file("Biên bản nghiệm thu.docx", 10));
    const { files } = await parseUpload(uploadRequest(form), { maxBytes: KB, storage });
    expect(files[0].fileName).toBe("Biên bản nghiệm thu.docx");
  });

  it("accepts a file of exactly the limit", async () => {
    const form = new FormData();
    form.append("files", file("limit.pdf", KB));
    const { files } = await parseUpload(uploadRequest(form), { maxBytes: KB, storage });
    expect(files[0].size).toBe(KB);
  });

  it("refuses a file over the limit and leaves nothing in storage", async () => {
    const form = new FormData();
    form.append("files", file("fine.pdf", 512));
    form.append("files", file("huge.mp4", 200 * KB));
    const error = await parseUpload(uploadRequest(form), { maxBytes: KB, storage }).catch((e) => e);
    expect(error).toBeInstanceOf(UploadTooLarge);
    expect(error.fileName).toBe("huge.mp4");
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a type that is not allowed, after files that were", async () => {
    const form = new FormData();
    form.append("files", file("drawing.dwg", 100));
    form.append("files", file("setup.exe", 100));
    const error = await parseUpload(uploadRequest(form), { maxBytes: KB, storage }).catch((e) => e);
    expect(error).toBeInstanceOf(UploadTypeNotAllowed);
    expect(error.extension).toBe("exe");
    expect(storedFiles()).toEqual([]);
  });

  it("honours a narrower list of extensions", async () => {
    const form = new FormData();
    form.append("files", file("clip.mp4", 100));
    await expect(
      parseUpload(uploadRequest(form), { maxBytes: KB, storage, allowedExtensions: [".jpg", "PNG"] }),
    ).rejects.toBeInstanceOf(UploadTypeNotAllowed);
    const images = new FormData();
    images.append("files", file("photo.png", 100));
    const { files } = await parseUpload(uploadRequest(images), {
      maxBytes: KB,
      storage,
      allowedExtensions: [".jpg", "PNG"],
    });
    expect(files).toHaveLength(1);
  });

  it("refuses more files than allowed and removes those written", async () => {
    const form = new FormData();
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) form.append("files", file(name, 100));
    await expect(
      parseUpload(uploadRequest(form), { maxBytes: KB, maxFiles: 2, storage }),
    ).rejects.toBeInstanceOf(UploadTooManyFiles);
    expect(storedFiles()).toEqual([]);
  });

  it("ignores an empty file input", async () => {
    const form = new FormData();
    form.append("note", "no file chosen");
    form.append("files", new File([], "", { type: "application/octet-stream" }));
    const { fields, files } = await parseUpload(uploadRequest(form), { maxBytes: KB, storage });
    expect(files).toEqual([]);
    expect(fields.get("note")).toBe("no file chosen");
  });

  it("fails plainly on a request that is not multipart", async () => {
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      body: new URLSearchParams({ a: "1" }),
    });
    await expect(parseUpload(request, { maxBytes: KB, storage })).rejects.toBeInstanceOf(UploadFailed);
  });

  it("removes every file when the storage fails", async () => {
    const deleted: string[] = [];
    let puts = 0;
    const failingSecond: FileStorage = {
      async put(_key, stream) {
        puts += 1;
        if (puts === 2) throw new Error("disk full");
        await text(stream);
        return { size: 1 };
      },
      async get() {
        return null;
      },
      async delete(key) {
        deleted.push(key);
      },
    };
    const form = new FormData();
    form.append("files", file("a.pdf", 10));
    form.append("files", file("b.pdf", 10));
    await expect(
      parseUpload(uploadRequest(form), { maxBytes: KB, storage: failingSecond }),
    ).rejects.toBeInstanceOf(UploadFailed);
    expect(deleted).toHaveLength(2);
  });

  it("refuses a field holding a NUL or an unreadable conform intent, and keeps no file", async () => {
    for (const [name, value, reason] of [
      ["title", "Pour\u0000records", "nulCharacter"],
      ["__intent__", "garbage", "brokenFormControl"],
    ]) {
      const form = new FormData();
      form.append("files", file("site.jpg", 2 * KB));
      form.append(name, value);
      const refused = parseUpload(uploadRequest(form), { maxBytes: 4 * KB, storage });
      await expect(refused).rejects.toBeInstanceOf(UploadFieldRefused);
      await expect(refused).rejects.toMatchObject({ reason });
      expect(storedFiles()).toHaveLength(0);
    }
    expect(uploadErrorMessage(new UploadFieldRefused("nulCharacter"))).toBe("common:request.nulCharacter");
  });

  it("discards stored files when the rest of the form is refused", async () => {
    const form = new FormData();
    form.append("files", file("a.pdf", 10));
    const { files } = await parseUpload(uploadRequest(form), { maxBytes: KB, storage });
    await discardUploads(files, storage);
    expect(storedFiles()).toEqual([]);
  });

  it("streams: a large file never sits in memory as a whole", async () => {
    const size = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * KB, 1);
    const boundary = "----siteproofboundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="walkthrough.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let sent = 0;
    let received = 0;
    let largestLag = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= size) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
        largestLag = Math.max(largestLag, sent - received);
      },
    });
    // A storage slower than the network: without back-pressure the whole body would pile up in memory.
    const slowStorage: FileStorage = {
      async put(_key, stream: Readable) {
        for await (const part of stream) {
          received += (part as Buffer).length;
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { size: received };
      },
      async get() {
        return null;
      },
      async delete() {},
    };
    const request = new Request("http://localhost:3000/x", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);

    const { files } = await parseUpload(request, { maxBytes: UPLOAD_LIMITS.standard, storage: slowStorage });

    expect(files[0].size).toBe(size);
    expect(largestLag).toBeLessThan(4 * 1024 * 1024);
  }, 30_000);
});

describe("upload messages", () => {
  it("uses the spec's message for each limit", () => {
    expect(uploadErrorMessage(new UploadTooLarge("a.pdf", UPLOAD_LIMITS.standard))).toBe(
      "uploads:tooLarge100",
    );
    expect(uploadErrorMessage(new UploadTooLarge("a.pdf", UPLOAD_LIMITS.siteDiaryAndAudit))).toBe(
      "uploads:tooLarge50",
    );
    expect(uploadErrorMessage(new UploadFailed("disk full"))).toBe("uploads:failed");
    expect(uploadErrorMessage(new UploadTypeNotAllowed("a.exe", "exe"))).toBe(
      "uploads:typeNotAllowed?fileName=a.exe",
    );
  });

  it("carries the spec's exact English texts", () => {
    expect(english.tooLarge100).toBe("These files exceed 100MB. Please check file size and try again.");
    expect(english.tooLarge50).toBe("Please ensure that the size of your upload does not exceed 50 MB.");
    expect(english.failed).toBe("Attachment failed to upload");
  });
});

describe("cleanFileName", () => {
  it("drops folders and control characters and keeps the extension of a long name", () => {
    expect(cleanFileName("C:\\Users\\me\\plan.pdf")).toBe("plan.pdf");
    expect(cleanFileName("a\u0000b.pdf")).toBe("ab.pdf");
    const long = cleanFileName(`${"x".repeat(300)}.xlsx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith(".xlsx")).toBe(true);
  });
});
