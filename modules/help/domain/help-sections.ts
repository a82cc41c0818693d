/**
 * The help panel's sections (spec 2 "Other": cnc, qualities, operate, plant-and-machinery, help-panel-roster,
 * safe, settings) and which module's pages each one explains. Other modules are named by their ids as
 * strings: the help module never imports them.
 */
export const HELP_SECTIONS = [
  "cnc",
  "qualities",
  "operate",
  "plant-and-machinery",
  "help-panel-roster",
  "safe",
  "settings",
] as const;
export type HelpSection = (typeof HELP_SECTIONS)[number];

export const isHelpSection = (value: unknown): value is HelpSection =>
  typeof value === "string" && (HELP_SECTIONS as readonly string[]).includes(value);

/** The section that explains each module (by module id); a module not listed has no section of its own. */
export const SECTION_OF_MODULE: Readonly<Record<string, HelpSection>> = {
  "cost-and-commercial": "cnc",
  quality: "qualities",
  operation: "operate",
  plant: "plant-and-machinery",
  rostering: "help-panel-roster",
  safety: "safe",
  "project-settings": "settings",
  "global-settings": "settings",
};

/** The module whose pages a path is under (the longest base path that holds it), among the given ones. */
export function moduleOfPath(
  modules: readonly { id: string; basePath: string }[],
  path: string,
): string | null {
  const pathname = path.split(/[?#]/)[0];
  let found: { id: string; basePath: string } | null = null;
  for (const module of modules) {
    const base = module.basePath.replace(/\/+$/, "");
    if (!base) continue;
    const under = pathname === base || pathname.startsWith(`${base}/`);
    if (under && (!found || base.length > found.basePath.length)) found = { id: module.id, basePath: base };
  }
  return found?.id ?? null;
}

/**
 * The section for the page a reader came from (`?from=`): the section of the module the path is under, or
 * null (the index) for a page no section explains, an address from elsewhere or nothing at all.
 */
export function sectionForPath(
  modules: readonly { id: string; basePath: string }[],
  from: string | null | undefined,
): HelpSection | null {
  // Only a path of this site: "//host/…" or "https://…" is not one of its pages.
  if (!from?.startsWith("/") || from.startsWith("//")) return null;
  const moduleId = moduleOfPath(modules, from);
  return moduleId ? (SECTION_OF_MODULE[moduleId] ?? null) : null;
}
