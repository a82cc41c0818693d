import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { LocalFolderStorage } from "~/plugins/storage/local-folder.server";
import { keepingUploads, parseUploadForm } from "./upload-form.server";

let root: string;
let storage: LocalFolderStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "siteproof-upload-form-"));
  storage = new LocalFolderStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const storedFiles = () =>
  readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

const schema = z.object({ title: z.string().trim().min(1, "required") });

function post(fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("file", file);
  return new Request("http://localhost:3000/records/1/files", { method: "POST", body: form });
}

const pdf = (bytes = 16) => new File([Buffer.alloc(bytes, 7)], "scan.pdf", { type: "application/pdf" });
const options = () => ({ maxBytes: 1024, storage, fileField: "file" });

describe("a form posted with its files", () => {
  it("answers the fields and the stored files when both are good", async () => {
    const parsed = await parseUploadForm(post({ title: "Rego" }, [pdf()]), schema, options());
    expect("reply" in parsed).toBe(false);
    if ("reply" in parsed) return;
    expect(parsed.values).toEqual({ title: "Rego" });
    expect(parsed.uploads.map((upload) => upload.fileName)).toEqual(["scan.pdf"]);
    expect(storedFiles()).toHaveLength(1);
  });

  it("keeps no file when the fields are refused, and answers the form's errors", async () => {
    const parsed = await parseUploadForm(post({ title: " " }, [pdf()]), schema, options());
    expect("reply" in parsed && parsed.reply?.init?.status).toBe(400);
    expect(storedFiles()).toHaveLength(0);
  });

  it("answers a file over the limit on the file field", async () => {
    const parsed = await parseUploadForm(post({ title: "Rego" }, [pdf(2048)]), schema, options());
    expect("reply" in parsed && parsed.reply?.data).toEqual({
      status: "error",
      error: { file: ["uploads:tooLarge50"] },
    });
    expect(storedFiles()).toHaveLength(0);
  });

  it("removes the stored files when the write that keeps them fails", async () => {
    const parsed = await parseUploadForm(post({ title: "Rego" }, [pdf()]), schema, options());
    if ("reply" in parsed) throw new Error("refused");
    await expect(
      keepingUploads(
        parsed.uploads,
        async () => {
          throw new Error("database down");
        },
        storage,
      ),
    ).rejects.toThrow("database down");
    expect(storedFiles()).toHaveLength(0);
  });
});
