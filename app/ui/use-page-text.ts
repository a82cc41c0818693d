import { useTranslation } from "react-i18next";
import { translateMessage } from "~/app/utils/message-key";
import { isLocale, type Locale } from "~/server/i18n/locale";

/**
 * What a page needs to speak its reader's language: `t` for its namespaces, the locale (for dates and
 * amounts) and `translate` for messages the server sent (app/utils/message-key.ts).
 */
export function usePageText(namespaces: string[]) {
  const { t, i18n } = useTranslation(namespaces);
  const locale: Locale = isLocale(i18n.language) ? i18n.language : "en";
  const translate = (messages?: string[] | null) => messages?.map((text) => translateMessage(t, text));
  return { t, locale, translate };
}
