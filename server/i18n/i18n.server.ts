import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig } from "~/app/i18n";
import { fallbackLocale, type Locale } from "./locale";
import { resources } from "./resources";

const instances = new Map<Locale, Promise<I18n>>();

/**
 * One i18next instance per locale for the life of the process, shared by every request: the resources are
 * all loaded at start and nothing changes an instance's language, so a page need not build its own.
 */
export async function i18nFor(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const i18n = createInstance().use(initReactI18next);
    instance = i18n
      .init({
        ...i18nConfig,
        lng: locale,
        ns: Object.keys(resources()[fallbackLocale]),
        resources: resources(),
      })
      .then(() => i18n);
    instances.set(locale, instance);
  }
  return instance;
}

/** A translate function for server-side text (emails, exports, validation messages). */
export async function serverT(locale: Locale, namespace = "common"): Promise<TFunction> {
  return (await i18nFor(locale)).getFixedT(locale, namespace);
}
