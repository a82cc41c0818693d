/**
 * What keeps the fuzz suite whole as routes come: every route with an action has a fuzz target (its forms
 * and records), every target names such a route, and no action reads its request body but through readForm
 * (or parseUpload for a streamed upload), the one place malformed input is refused.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { allTargets, routesWithActions } from "./fuzz-routes";

const ROOT = process.cwd();

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory())
      return name === "node_modules" || name === "tests" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("fuzz coverage", () => {
  it("has a fuzz target for every route with an action, and none for another", async () => {
    const routes = (await routesWithActions()).map((route) => route.path);
    const targets = [...allTargets().keys()];
    expect(routes.filter((path) => !targets.includes(path))).toEqual([]);
    expect(targets.filter((path) => !routes.includes(path))).toEqual([]);
  });

  it("reads every request body through readForm or parseUpload", () => {
    const bodyReads = /\brequest(\.clone\(\))?\.(formData|json|text|arrayBuffer|blob)\(\)/;
    const readers = ["server/http/form.server.ts"];
    const offenders = ["app", "modules", "server", "plugins"]
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((file) => relative(ROOT, file))
      .filter((file) => !readers.includes(file) && bodyReads.test(readFileSync(join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
