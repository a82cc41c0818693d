import { useTranslation } from "react-i18next";
import { translateMessage } from "~/app/admin/company-messages";
import type { Locale } from "~/server/i18n/locale";

const PAGE_LOCALES: readonly string[] = ["en", "vi", "au"];

type Translate = (key: string, params?: Record<string, string>) => string;

/** The lot pages' translations: texts, validation messages (keys with query-form params) and the locale for dates. */
export function useLotMessages() {
  const { t, i18n } = useTranslation(["quality", "common", "locations"]);
  const locale = (PAGE_LOCALES.includes(i18n.language) ? i18n.language : "en") as Locale;
  const translate = (errors?: string[] | null) =>
    errors?.map((error) => translateMessage(t as unknown as Translate, error));
  return { t, translate, locale };
}
