import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/server/i18n/locale";

const PAGE_LOCALES: readonly string[] = ["en", "vi", "au"];

/**
 * Server messages arrive as translation keys with their parameters after "?" (form schemas) or "|"
 * (upload errors): "common:validation.maxLength?length=255". This turns them into the page's language.
 */
export function useReportMessages() {
  const { t, i18n } = useTranslation(["quality", "common", "uploads", "ui"]);
  const locale = (PAGE_LOCALES.includes(i18n.language) ? i18n.language : "en") as Locale;
  const translateOne = (message: string) => {
    const separator = message.search(/[?|]/);
    if (separator < 0) return t(message) as string;
    const params = Object.fromEntries(new URLSearchParams(message.slice(separator + 1)));
    return t(message.slice(0, separator), params) as string;
  };
  const translate = (errors?: string[] | null) => errors?.map(translateOne);
  /** A reply's errors: the form's own ("") and each field's. */
  const errorsOf = (result: SubmissionResult<string[]> | null | undefined, field = "") =>
    translate(result?.error?.[field] ?? null);
  return { t, locale, translate, errorsOf };
}

/** What an action of the lot's pages answers when it refuses a form. */
export type RefusedForm = { intent?: string; target?: string | null; result: SubmissionResult<string[]> };
