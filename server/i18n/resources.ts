import { registry } from "~/server/registry";
import { type Locale, locales } from "./locale";

type Bundle = Record<string, unknown>;

// Core namespaces live in app/locales/<locale>/<namespace>.json; a module's in modules/<id>/locales/<locale>.json,
// under the module id as namespace. A large module may split its texts: modules/<id>/locales/<locale>/<part>.json
// lands under the key <part> of the same namespace (quality:lot.fields.title from locales/en/lot.json).
const coreFiles = import.meta.glob<Bundle>("/app/locales/*/*.json", { eager: true, import: "default" });
const moduleFiles = import.meta.glob<Bundle>("/modules/*/locales/*.json", { eager: true, import: "default" });
const modulePartFiles = import.meta.glob<Bundle>("/modules/*/locales/*/*.json", {
  eager: true,
  import: "default",
});

export type Resources = Record<Locale, Record<string, Bundle>>;

let built: Resources | undefined;

/** Every translation, per locale and namespace; au holds only what differs from en (i18next falls back). */
export function resources(): Resources {
  if (built) return built;
  const result = Object.fromEntries(
    locales.map((locale) => [locale, {} as Record<string, Bundle>]),
  ) as Resources;
  for (const [file, bundle] of Object.entries(coreFiles)) {
    const match = file.match(/\/app\/locales\/([^/]+)\/([^/]+)\.json$/);
    if (match && match[1] in result) result[match[1] as Locale][match[2]] = bundle;
  }
  const registered = new Set(registry().modules.map((module) => module.id));
  for (const [file, bundle] of Object.entries(moduleFiles)) {
    const match = file.match(/\/modules\/([^/]+)\/locales\/([^/]+)\.json$/);
    if (match && registered.has(match[1]) && match[2] in result)
      result[match[2] as Locale][match[1]] = bundle;
  }
  for (const [file, bundle] of Object.entries(modulePartFiles)) {
    const match = file.match(/\/modules\/([^/]+)\/locales\/([^/]+)\/([^/]+)\.json$/);
    if (!match || !registered.has(match[1]) || !(match[2] in result)) continue;
    const locale = match[2] as Locale;
    result[locale][match[1]] = { ...result[locale][match[1]], [match[3]]: bundle };
  }
  built = result;
  return result;
}

export function namespaces(): string[] {
  return [...new Set(Object.values(resources()).flatMap((bundles) => Object.keys(bundles)))];
}
