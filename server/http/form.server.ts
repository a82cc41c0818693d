import { requestLocale } from "~/server/permissions/guard.server";
import { FORM_MAX_BYTES, formProblem, isFormContentType, type MalformedReason } from "./form-check";
import { malformedForm } from "./malformed.server";

/**
 * The one place an action reads its form (decision 020). Whatever a client sends, a form that cannot be
 * read, or that holds what no field may hold, is refused here with a 400 and a message in the user's
 * language, before the action looks at it: so it changes nothing, and never ends in a 500.
 *
 * - the content type is a form's: url-encoded or multipart (a JSON or plain-text body is not a form; the
 *   guard refuses those already, for actions that read no field too);
 * - the body is at most FORM_MAX_BYTES (413), counted while it is read, whatever Content-Length says;
 * - a multipart body is whole (a cut-off one is refused, not half read);
 * - no name or value holds a NUL character, which no text column can store;
 * - conform's reserved fields (`__intent__`, `__state__`), when present, are what conform can read.
 *
 * Upload routes read their multipart body with parseUpload (streamed to storage), which checks its fields
 * the same way (form-check.ts) and refuses with an upload error.
 */

class MalformedForm extends Error {
  constructor(readonly reason: MalformedReason) {
    super(`Malformed form: ${reason}`);
  }
}

const forms = new WeakMap<Request, Promise<FormData>>();

/**
 * The request's form, read once (a second call answers the same FormData), or a thrown 400/413 Response
 * when it is not a well-formed form.
 */
export function readForm(request: Request): Promise<FormData> {
  let form = forms.get(request);
  if (!form) {
    form = readWholeForm(request).catch(async (error: unknown) => {
      if (error instanceof MalformedForm)
        throw await malformedForm(error.reason, await requestLocale(request));
      throw error;
    });
    forms.set(request, form);
  }
  return form;
}

async function readWholeForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!isFormContentType(contentType)) throw new MalformedForm("notAForm");
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > FORM_MAX_BYTES) throw new MalformedForm("tooLarge");
  const body = await readBody(request);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new MalformedForm("brokenForm");
  }
  const problem = formProblem(form);
  if (problem) throw new MalformedForm(problem);
  return form;
}

/** The body's bytes, refused as soon as they pass the limit (a chunked body declares no length). */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > FORM_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new MalformedForm("tooLarge");
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof MalformedForm) throw error;
    throw new MalformedForm("brokenForm");
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Whether a post is multipart (an upload, read with parseUpload) rather than a plain form read with readForm. */
export const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
