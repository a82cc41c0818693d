import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, type FileStorage, StorageKeyInvalid } from "./file-storage";

/** Files in a folder on this machine (`${DATA_DIR}/files` by default). */
export class LocalFolderStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file's path; keys are checked by pattern and the path must stay inside the root (defence in depth). */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new StorageKeyInvalid(key);
    return path;
  }

  async put(key: string, stream: Readable, _options: { contentType: string }) {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside the final name and renamed at the end, so a half-written file is never readable.
    const partial = `${path}.partial`;
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(partial, { flags: "wx" }));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string) {
    const path = this.pathOf(key);
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    return { stream: createReadStream(path), size: info.size };
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}
