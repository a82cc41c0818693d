import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { FORM_MAX_BYTES, type MalformedReason } from "./form-check";

/**
 * The answer to a request whose body is not a well-formed form (decision 020): 400, or 413 when too large,
 * with a plain text in the requester's language (common:request.*).
 */
export async function malformedForm(reason: MalformedReason, locale: Locale): Promise<Response> {
  const t = await serverT(locale);
  return new Response(t(`request.${reason}`, { limit: FORM_MAX_BYTES / 1024 / 1024 }), {
    status: reason === "tooLarge" ? 413 : 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
