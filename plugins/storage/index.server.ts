import { join } from "node:path";
import { env } from "~/server/env";
import type { FileStorage } from "./file-storage";
import { LocalFolderStorage } from "./local-folder.server";

export {
  assertStorageKey,
  type FileStorage,
  newStorageKey,
  StorageKeyInvalid,
  type StoredFile,
} from "./file-storage";
export { LocalFolderStorage } from "./local-folder.server";

let current: FileStorage | undefined;

/** The configured storage: a local folder under DATA_DIR (an S3-compatible one can replace it here). */
export function fileStorage(): FileStorage {
  current ??= new LocalFolderStorage(join(env().DATA_DIR, "files"));
  return current;
}

/** For tests and start-up code that choose another storage; undefined returns to the default. */
export function setFileStorage(storage: FileStorage | undefined) {
  current = storage;
}
