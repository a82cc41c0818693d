import type { InitOptions } from "i18next";

/** Shared by the server and the browser. 'au' is Australian English: it holds only what differs from en. */
export const i18nConfig = {
  supportedLngs: ["en", "vi", "au"],
  fallbackLng: "en",
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;

/** The lang attribute of the page for a product locale. */
export function htmlLang(locale: string): string {
  return locale === "au" ? "en-AU" : locale;
}
