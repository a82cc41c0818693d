import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { FileStorage } from "~/plugins/storage/file-storage";
import { isUploadError, uploadErrorMessage } from "./errors";
import { discardUploads, parseUpload, type StoredUpload, type UploadOptions } from "./parse-upload.server";

/**
 * A record's form posted with its files (one multipart post), the one way: the files stream to storage first
 * (the size limit checked while they stream, the spec's message past it, on `fileField`), then the fields are
 * checked with the form's schema; a refused upload or form keeps no file and answers 400 for the form to show.
 */
export async function parseUploadForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: UploadOptions & { fileField: string },
) {
  let fields: FormData;
  let uploads: StoredUpload[];
  try {
    ({ fields, files: uploads } = await parseUpload(request, options));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return {
      reply: data(
        { status: "error", error: { [options.fileField]: [uploadErrorMessage(error)] } },
        { status: 400 },
      ),
    } as const;
  }
  const submission = parseWithZod(fields, { schema });
  if (submission.status !== "success") {
    await discardUploads(uploads, options.storage);
    return { reply: data(submission.reply(), { status: 400 }) } as const;
  }
  return { submission, values: submission.value as z.output<S>, uploads } as const;
}

/** Writes the record of stored uploads; when the write fails, the files go (nothing refers to them) and it throws on. */
export async function keepingUploads<T>(
  uploads: StoredUpload[],
  write: () => Promise<T>,
  storage?: FileStorage,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardUploads(uploads, storage);
    throw error;
  }
}
