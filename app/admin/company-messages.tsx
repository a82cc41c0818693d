import { useTranslation } from "react-i18next";
import type { Locale } from "~/server/i18n/locale";

const PAGE_LOCALES: readonly string[] = ["en", "vi", "au"];

type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * Validation messages arrive as translation keys with their parameters in query form
 * ("common:validation.maxLength?length=200"); this turns them into text in the page's language.
 */
export function translateMessage(t: Translate, message: string): string {
  const [key, query] = message.split("?");
  return t(key, Object.fromEntries(new URLSearchParams(query ?? "")));
}

/** Translates a field's error list; also gives the page's locale for dates. */
export function useAdminMessages() {
  const { t, i18n } = useTranslation(["companies", "groups", "common"]);
  const locale = (PAGE_LOCALES.includes(i18n.language) ? i18n.language : "en") as Locale;
  const translate = (errors?: string[] | null) =>
    errors?.map((error) => translateMessage(t as unknown as Translate, error));
  return { t, translate, locale };
}
