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

/** The source without its comments, so an import named in a comment is not taken for one. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Every module specifier a source file names in an import, an export … from, or a dynamic import. */
export function importSpecifiers(source: string): string[] {
  return IMPORTS.flatMap((pattern) =>
    [...withoutComments(source).matchAll(pattern)].map((match) => match[1]),
  );
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

/** The specifiers of a file's imports that load code (not `import type` / `export type`). */
export function valueImportSpecifiers(source: string): string[] {
  const statements =
    withoutComments(source).match(/\b(?:import|export)\s[^;]*?\bfrom\s*["'][^"']+["']/g) ?? [];
  return statements
    .filter((statement) => !/^(?:import|export)\s+type\b/.test(statement))
    .map((statement) => /["']([^"']+)["']$/.exec(statement)?.[1])
    .filter((specifier): specifier is string => Boolean(specifier));
}

function resolveSource(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (candidate.match(SOURCE) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  return null;
}

/**
 * Remix loads the route table (app/routes.ts), and through it the registry and every manifest, before the
 * app's `~/` alias exists: every file it reaches must import code by relative paths. Returns the imports
 * that would break the build, as "file: specifier".
 */
export function aliasImportsReachableFrom(entryFile: string, projectRoot: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImportSpecifiers(readFileSync(file, "utf8"))) {
      if (specifier.startsWith("~/")) found.push(`${relative(projectRoot, file)}: ${specifier}`);
      else if (specifier.startsWith(".")) {
        const next = resolveSource(file, specifier);
        if (next) visit(next);
      }
    }
  };
  visit(entryFile);
  return found;
}
