import { join } from "node:path";
import { env } from "~/server/env";
import type { FileStorage } from "./file-storage";
import { LocalFolderStorage } from "./local-folder.server";
import { S3BucketStorage, s3OptionsFromUrl } from "./s3-bucket.server";

export {
  assertStorageKey,
  type FileStorage,
  newStorageKey,
  StorageKeyInvalid,
  type StoredFile,
} from "./file-storage";
export { LocalFolderStorage } from "./local-folder.server";
export { S3BucketStorage, s3OptionsFromUrl } from "./s3-bucket.server";

let current: FileStorage | undefined;

/** The configured storage: the S3-compatible bucket of STORAGE_URL, else a local folder under DATA_DIR. */
export function fileStorage(): FileStorage {
  current ??= configuredStorage();
  return current;
}

function configuredStorage(): FileStorage {
  const config = env();
  if (!config.STORAGE_URL) return new LocalFolderStorage(join(config.DATA_DIR, "files"));
  return new S3BucketStorage(
    s3OptionsFromUrl(config.STORAGE_URL, {
      accessKeyId: config.STORAGE_ACCESS_KEY_ID,
      secretAccessKey: config.STORAGE_SECRET_ACCESS_KEY,
    }),
  );
}

/** For tests and start-up code that choose another storage; undefined returns to the default. */
export function setFileStorage(storage: FileStorage | undefined) {
  current = storage;
}
