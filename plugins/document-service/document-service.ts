import type { Readable } from "node:stream";

/** A file to send: its bytes, the name it gets there and its content type. */
export type DocumentToSend = {
  stream: Readable;
  /** Its size in bytes, when known (the ACC client needs none: it streams to the signed URL). */
  size?: number;
  fileName: string;
  contentType: string;
  /** Opens the bytes again, so a failed upload can be retried (without it, it is not). */
  reopen?: () => Promise<Readable>;
};

/** Where the file goes: a folder path ("Project Files/Safety/Audits") of one SiteProof project. */
export type DocumentDestination = { projectId: string; folderPath: string };

/** What the service gave back: a reference it knows the file by, and a link a person can open. */
export type SentDocument = {
  /** Local: the key under the documents folder. ACC: the version's URN. */
  reference: string;
  /** Local: the guarded route that serves the file. ACC: the item's web view link (or null). */
  url: string | null;
  /** ACC: "created" for a new item, "versioned" when a file of that name was in the folder. */
  outcome: "created" | "versioned";
};

export type DocumentServiceStatus = { ok: true; detail: string } | { ok: false; error: string };

/**
 * A document-management service a project sends its reports to. The local default keeps files under
 * `${DATA_DIR}/documents`; the ACC client uploads to Autodesk Construction Cloud Docs.
 */
export interface DocumentService {
  readonly kind: "local" | "acc";
  send(file: DocumentToSend, destination: DocumentDestination): Promise<SentDocument>;
  /** Whether the service answers with these settings (the settings page's "Test connection"). */
  status(): Promise<DocumentServiceStatus>;
}

/** A failure the user can act on; its message is shown on the send's record. */
export class DocumentServiceError extends Error {
  override name = "DocumentServiceError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const UNFIT_NAME = /[\u0000-\u001f\\]/;

/** The names of a folder path: split on "/", trimmed, empty parts dropped. */
const namesOf = (folderPath: string) =>
  folderPath
    .split("/")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/**
 * Folder paths are names separated by "/": at least one, none "." or "..", no control characters or
 * backslashes. The same rule for both services (and the settings form), so a path that works locally works on ACC.
 */
export function isFolderPath(folderPath: string): boolean {
  const names = namesOf(folderPath);
  return names.length > 0 && names.every((name) => name !== "." && name !== ".." && !UNFIT_NAME.test(name));
}

/** The names of a valid folder path; a DocumentServiceError names what is wrong with another. */
export function folderPathParts(folderPath: string): string[] {
  const names = namesOf(folderPath);
  if (names.length === 0) throw new DocumentServiceError("The folder path is empty");
  if (!isFolderPath(folderPath))
    throw new DocumentServiceError(`Not a folder path: ${JSON.stringify(folderPath)}`);
  return names;
}
