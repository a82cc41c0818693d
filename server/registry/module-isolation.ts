import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * The rules that keep modules apart, checked on the source (the isolation test runs it in CI):
 * - a file under modules/A imports nothing under modules/B: modules work together through the core's
 *   extension points, never by reaching into each other;
 * - a module's domain/ imports neither Remix nor MikroORM, so its rules stay pure and fast to test.
 */
export type IsolationViolation = { file: string; specifier: string; rule: "other-module" | "impure-domain" };

const SOURCE = /\.(ts|tsx)$/;
const IMPORTS = [
  /\b(?:import|export)\s[^"'`;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];
const IMPURE_IN_DOMAIN = [/^@remix-run\//, /^@mikro-orm\//, /^react-router/];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** Every module specifier a source file names in an import, an export … from, or a dynamic import. */
export function importSpecifiers(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return IMPORTS.flatMap((pattern) => [...withoutComments.matchAll(pattern)].map((match) => match[1]));
}

/** The module a specifier points into, if any: `~/modules/x/…`, or a relative path that lands in modules/x. */
function targetModule(specifier: string, fromFile: string, projectRoot: string, modulesRoot: string) {
  let target: string | null = null;
  if (specifier.startsWith("~/")) target = resolve(projectRoot, specifier.slice(2));
  else if (specifier.startsWith(".")) target = resolve(dirname(fromFile), specifier);
  if (!target) return null;
  const inside = relative(modulesRoot, target);
  if (inside.startsWith("..") || inside === "") return null;
  return inside.split(sep)[0];
}

/** Checks every module folder under `modulesRoot` (a project's modules/, or a test fixture's). */
export function findIsolationViolations(modulesRoot: string, projectRoot = dirname(modulesRoot)) {
  const violations: IsolationViolation[] = [];
  const modules = readdirSync(modulesRoot).filter((name) => statSync(join(modulesRoot, name)).isDirectory());
  for (const moduleId of modules) {
    const moduleRoot = join(modulesRoot, moduleId);
    for (const file of sourceFiles(moduleRoot)) {
      const inDomain = relative(moduleRoot, file).split(sep)[0] === "domain";
      const shown = relative(projectRoot, file);
      for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
        const target = targetModule(specifier, file, projectRoot, modulesRoot);
        if (target && target !== moduleId) violations.push({ file: shown, specifier, rule: "other-module" });
        if (inDomain && IMPURE_IN_DOMAIN.some((pattern) => pattern.test(specifier)))
          violations.push({ file: shown, specifier, rule: "impure-domain" });
      }
    }
  }
  return violations;
}
