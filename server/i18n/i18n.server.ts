import { createInstance, type TFunction } from "i18next";
import { i18nConfig } from "~/app/i18n";
import { fallbackLocale, type Locale } from "./locale";
import { resources } from "./resources";

const instances = new Map<Locale, Promise<ReturnType<typeof createInstance>>>();

async function instanceFor(locale: Locale) {
  let instance = instances.get(locale);
  if (!instance) {
    const i18n = createInstance();
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
  return (await instanceFor(locale)).getFixedT(locale, namespace);
}
