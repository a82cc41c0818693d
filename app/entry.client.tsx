import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "~/app/i18n";

/**
 * Loads a namespace from /locales/{lng}/{ns} (app/routes/locales.ts). A dozen lines instead of
 * i18next-http-backend, which brings a fetch polyfill and options this app does not use (~3 KB gzip on
 * every page). A failed request is retried by i18next, as that backend asks for on network and 5xx errors.
 */
const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`, {
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok)
          return callback(
            new Error(`${response.status} for ${language}/${namespace}`),
            response.status >= 500,
          );
        callback(null, await response.json());
      })
      .catch((error: Error) => callback(error, true));
  },
};

async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(localesBackend)
    .init({
      ...i18nConfig,
      lng: document.documentElement.dataset.locale ?? "en",
      ns: ["common", "ui", ...getInitialNamespaces()],
      detection: undefined,
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
