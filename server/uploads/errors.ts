import { message } from "~/app/utils/message-key";
import type { MalformedReason } from "~/server/http/form-check";

/** A file passed the limit while streaming; whatever was written has been removed. */
export class UploadTooLarge extends Error {
  constructor(
    readonly fileName: string,
    readonly maxBytes: number,
  ) {
    super(`${fileName} exceeds ${maxBytes} bytes`);
    this.name = "UploadTooLarge";
  }
}

/** A file whose extension is not in the allowed list. */
export class UploadTypeNotAllowed extends Error {
  constructor(
    readonly fileName: string,
    readonly extension: string,
  ) {
    super(`${fileName}: the file type "${extension}" is not allowed`);
    this.name = "UploadTypeNotAllowed";
  }
}

/** More files than the form accepts. */
export class UploadTooManyFiles extends Error {
  constructor(readonly maxFiles: number) {
    super(`More than ${maxFiles} files`);
    this.name = "UploadTooManyFiles";
  }
}

/** Anything else: not multipart, the connection dropped, the disk failed. */
export class UploadFailed extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = "UploadFailed";
  }
}

/** A field of the upload form holds what no field may hold (server/http/form-check.ts); nothing was kept. */
export class UploadFieldRefused extends Error {
  constructor(readonly reason: MalformedReason) {
    super(`A field of the upload form was refused: ${reason}`);
    this.name = "UploadFieldRefused";
  }
}

export type UploadError =
  | UploadTooLarge
  | UploadTypeNotAllowed
  | UploadTooManyFiles
  | UploadFailed
  | UploadFieldRefused;

export function isUploadError(error: unknown): error is UploadError {
  return (
    error instanceof UploadTooLarge ||
    error instanceof UploadTypeNotAllowed ||
    error instanceof UploadTooManyFiles ||
    error instanceof UploadFailed ||
    error instanceof UploadFieldRefused
  );
}

const MB = 1024 * 1024;

/**
 * The message key (with parameters, see app/utils/message-key.ts) to show for an upload error. The spec has two size
 * messages: one for the 50 MB forms (site diary, audit) and one for the 100 MB forms.
 */
export function uploadErrorMessage(error: UploadError): string {
  if (error instanceof UploadTooLarge)
    return error.maxBytes <= 50 * MB ? "uploads:tooLarge50" : "uploads:tooLarge100";
  if (error instanceof UploadTypeNotAllowed)
    return message("uploads:typeNotAllowed", { fileName: error.fileName });
  if (error instanceof UploadTooManyFiles) return message("uploads:tooManyFiles", { count: error.maxFiles });
  if (error instanceof UploadFieldRefused) return `common:request.${error.reason}`;
  return "uploads:failed";
}
