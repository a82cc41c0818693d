import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newStorageKey, StorageKeyInvalid } from "./file-storage";
import { LocalFolderStorage } from "./local-folder.server";

let root: string;
let storage: LocalFolderStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "siteproof-storage-"));
  storage = new LocalFolderStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe("local folder storage", () => {
  it("stores a stream and reads it back with its size", async () => {
    const key = newStorageKey();
    const { size } = await storage.put(key, Readable.from(["site ", "diary"]), { contentType: "text/plain" });
    expect(size).toBe(10);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(10);
    expect(await text(stored!.stream)).toBe("site diary");
  });

  it("forgets a deleted file, and deleting twice is fine", async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from(["x"]), { contentType: "text/plain" });
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it("leaves nothing behind when the stream fails half way", async () => {
    const key = newStorageKey();
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(storage.put(key, broken, { contentType: "application/pdf" })).rejects.toThrow(
      "connection lost",
    );
    expect(await storage.get(key)).toBeNull();
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses keys it did not generate, so no path can leave the folder", async () => {
    for (const key of ["../secret", "ab/../../etc/passwd", "/etc/passwd", "ab/x.pdf", "", "ab\\..\\x"]) {
      await expect(
        storage.put(key, Readable.from(["x"]), { contentType: "text/plain" }),
      ).rejects.toBeInstanceOf(StorageKeyInvalid);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyInvalid);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyInvalid);
    }
    expect(filesUnder(root)).toEqual([]);
  });

  it("generates distinct keys", () => {
    const keys = new Set(Array.from({ length: 100 }, newStorageKey));
    expect(keys.size).toBe(100);
  });
});
