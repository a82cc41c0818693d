import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { type FileStorage, fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { formProblem } from "~/server/http/form-check";
import {
  UploadFailed,
  UploadFieldRefused,
  UploadTooLarge,
  UploadTooManyFiles,
  UploadTypeNotAllowed,
} from "./errors";
import { ALLOWED_EXTENSIONS, contentTypeFor, extensionOf } from "./file-types";

/** A file that has been written to storage, described as the attachment records need it. */
export type StoredUpload = {
  /** The form field the file came in (e.g. "files"). */
  fieldName: string;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
};

export type UploadOptions = {
  /** Largest size of each file, checked while it streams (see UPLOAD_LIMITS). */
  maxBytes: number;
  /** Lower-case extensions without the dot; every type of spec 9 by default. */
  allowedExtensions?: readonly string[];
  /** Most files in one request; 10 by default. */
  maxFiles?: number;
  storage?: FileStorage;
};

const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 200;
const MAX_FILE_NAME = 255;
const MAX_DRAINED_BYTES = 256 * 1024 * 1024;

/**
 * Reads a multipart request, streaming each file straight into storage while counting its bytes. The
 * first problem (too large, type not allowed, too many files, broken request or storage) stops reading,
 * removes every file already written and throws the typed error. On success the other fields come back
 * as FormData, ready for the form's zod schema; when that validation fails, call `discardUploads`.
 */
export async function parseUpload(
  request: Request,
  options: UploadOptions,
): Promise<{ fields: FormData; files: StoredUpload[] }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body)
    throw new UploadFailed("The request is not multipart/form-data");
  const storage = options.storage ?? fileStorage();
  const { maxBytes } = options;
  const maxFiles = options.maxFiles ?? 10;
  const allowed = new Set(
    (options.allowedExtensions ?? ALLOWED_EXTENSIONS).map((extension) =>
      extension.replace(/^\./, "").toLowerCase(),
    ),
  );

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as raw UTF-8; busboy's default (latin1) would garble Vietnamese names.
      defParamCharset: "utf8",
      limits: { files: maxFiles, fileSize: maxBytes + 1, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS },
    });
  } catch (error) {
    throw new UploadFailed("The multipart header is not valid", { cause: error });
  }

  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const fields = new FormData();
  const writes: Promise<StoredUpload | null>[] = [];
  const writtenKeys: string[] = [];
  const inFlight = new Set<Transform>();
  let failure: Error | undefined;
  let stopWaiting: (() => void) | undefined;

  /** Keeps the first failure, stops reading the request and ends the files still being written. */
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    // The rest of the body is read and dropped rather than cut off: a browser whose upload is cut off shows
    // a network error instead of our message. A body far past any limit is cut off all the same.
    body.unpipe(parser);
    let drained = 0;
    body.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > MAX_DRAINED_BYTES) body.destroy();
    });
    for (const file of inFlight) file.destroy(error);
    stopWaiting?.();
  };

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail(new UploadFailed(`The field ${name} is too long`));
    else fields.append(name, value);
  });

  parser.on("file", (fieldName, file, info) => {
    const fileName = cleanFileName(info.filename ?? "");
    // A file input left empty still sends a part with no name and no bytes.
    if (failure || !fileName) {
      file.resume();
      return;
    }
    const extension = extensionOf(fileName);
    if (!allowed.has(extension)) {
      file.resume();
      fail(new UploadTypeNotAllowed(fileName, extension));
      return;
    }
    const key = newStorageKey();
    writtenKeys.push(key);
    let counted = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        counted += chunk.length;
        if (counted > maxBytes) callback(new UploadTooLarge(fileName, maxBytes));
        else callback(null, chunk);
      },
    });
    inFlight.add(limiter);
    // Its errors reach us through storage.put's rejection; a storage that fails before reading it must not
    // turn them into an unhandled 'error' event.
    limiter.on("error", () => undefined);
    file.on("error", (error) => limiter.destroy(error));
    file.pipe(limiter);
    const contentType = contentTypeFor(fileName, info.mimeType);
    writes.push(
      storage
        .put(key, limiter, { contentType })
        .then(({ size }) => ({ fieldName, key, fileName, contentType, size }))
        .catch((error: unknown) => {
          file.resume();
          fail(
            error instanceof UploadTooLarge || error instanceof UploadTooManyFiles
              ? error
              : new UploadFailed(`Storing ${fileName} failed`, { cause: error }),
          );
          return null;
        })
        .finally(() => inFlight.delete(limiter)),
    );
  });

  parser.on("filesLimit", () => fail(new UploadTooManyFiles(maxFiles)));
  parser.on("fieldsLimit", () => fail(new UploadFailed("Too many form fields")));

  await new Promise<void>((resolve) => {
    stopWaiting = resolve;
    parser.on("close", resolve);
    parser.on("error", (error: Error) =>
      fail(new UploadFailed("The multipart body is not valid", { cause: error })),
    );
    body.on("error", (error) =>
      fail(new UploadFailed("The request body could not be read", { cause: error })),
    );
    body.pipe(parser);
  });

  const stored = await Promise.all(writes);
  // The fields are checked as readForm checks a form read whole (a NUL, conform's fields).
  const problem = failure ? null : formProblem(fields);
  if (problem) failure = new UploadFieldRefused(problem);
  if (failure) {
    await discardKeys(storage, writtenKeys);
    throw failure;
  }
  return { fields, files: stored.filter((file): file is StoredUpload => file !== null) };
}

/** Removes stored files that will not be kept (the rest of the form was not valid, the save failed). */
export async function discardUploads(files: readonly StoredUpload[], storage: FileStorage = fileStorage()) {
  await discardKeys(
    storage,
    files.map((file) => file.key),
  );
}

async function discardKeys(storage: FileStorage, keys: readonly string[]) {
  // A file that was never written is not an error here; the rest must still go.
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** The name as shown and downloaded: no control characters, at most 255 characters with its extension kept. */
export function cleanFileName(name: string): string {
  const clean = name
    .replace(/[\p{Cc}]/gu, "")
    .replace(/^.*[\\/]/, "")
    .trim();
  if (clean.length <= MAX_FILE_NAME) return clean;
  const extension = extensionOf(clean);
  if (!extension || extension.length > 20) return clean.slice(0, MAX_FILE_NAME);
  return `${clean.slice(0, MAX_FILE_NAME - extension.length - 1)}.${extension}`;
}
