import type { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { message } from "~/app/utils/message-key";
import type { FileStorage } from "~/plugins/storage/index.server";
import { isUploadError, UploadTooLarge, UploadTypeNotAllowed, uploadErrorMessage } from "./errors";
import { parseUpload } from "./parse-upload.server";

/**
 * An .xlsx upload read for an import (quality's ITP workbook, safety's criteria and assessment templates):
 * the form's fields and the one workbook held in memory for the request, the size enforced while it streams.
 * Each module reads its own sheets with exceljs; every row is checked and nothing is imported when one is
 * wrong (the importers say so with the row number).
 */

/** Holds an upload in memory for the length of one request; parseUpload still enforces the size while streaming. */
class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();
  async put(key: string, stream: Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    this.files.set(key, bytes);
    return { size: bytes.length };
  }
  async get() {
    return null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}

export type WorkbookUpload =
  | { workbook: Buffer | null; fileName: string | null; fields: FormData }
  | { error: string };

/** Reads the upload form: its fields and the one .xlsx file (null when none was chosen). */
export async function readWorkbookUpload(
  request: Request,
  /** allowedExtensions: ["xlsx"] unless an import also takes another format (the calendar's .ics). */
  options: { maxBytes: number; notXlsxMessage: string; allowedExtensions?: string[] },
): Promise<WorkbookUpload> {
  const storage = new MemoryStorage();
  try {
    const { fields, files } = await parseUpload(request, {
      maxBytes: options.maxBytes,
      allowedExtensions: options.allowedExtensions ?? ["xlsx"],
      maxFiles: 1,
      storage,
    });
    const file = files[0];
    return {
      fields,
      workbook: file ? (storage.files.get(file.key) ?? null) : null,
      fileName: file?.fileName ?? null,
    };
  } catch (error) {
    if (error instanceof UploadTooLarge)
      return { error: message("ui:fileDrop.tooLarge", { limit: options.maxBytes / 1024 / 1024 }) };
    if (error instanceof UploadTypeNotAllowed) return { error: options.notXlsxMessage };
    if (isUploadError(error)) return { error: uploadErrorMessage(error) };
    throw error;
  }
}

/** A cell's text as shown in Excel, trimmed; "" for an empty cell. */
export const cellText = (cell: ExcelJS.Cell) =>
  cell.value === null || cell.value === undefined ? "" : cell.text.trim();
