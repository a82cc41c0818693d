import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  aliasImportsReachableFrom,
  findIsolationViolations,
  importSpecifiers,
  valueImportSpecifiers,
} from "./module-isolation";

describe("module isolation", () => {
  it("no module imports another module, and no domain/ imports Remix or MikroORM", () => {
    expect(findIsolationViolations(join(process.cwd(), "modules"), process.cwd())).toEqual([]);
  });

  it("reports the deliberately bad imports of the test fixture", () => {
    const root = join(process.cwd(), "tests/fixtures/isolation");
    expect(findIsolationViolations(join(root, "modules"), process.cwd())).toEqual([
      {
        file: "tests/fixtures/isolation/modules/alpha/domain/uses-the-orm.ts",
        specifier: "@mikro-orm/core",
        rule: "impure-domain",
      },
      {
        file: "tests/fixtures/isolation/modules/alpha/routes/reaches-into-beta.ts",
        specifier: "../../beta/domain/rules",
        rule: "other-module",
      },
      {
        file: "tests/fixtures/isolation/modules/alpha/routes/reaches-into-beta.ts",
        specifier: "~/tests/fixtures/isolation/modules/beta/domain/rules",
        rule: "other-module",
      },
    ]);
  });

  it("reads static, re-export, side-effect and dynamic imports, not comments", () => {
    const source = [
      'import a, { b } from "./a";',
      'import type { C } from "~/modules/c/x";',
      'export { d } from "../d";',
      'import "./side-effect";',
      'const e = () => import("./lazy");',
      '// import { f } from "./commented";',
    ].join("\n");
    expect(importSpecifiers(source).sort()).toEqual(
      ["./a", "~/modules/c/x", "../d", "./side-effect", "./lazy"].sort(),
    );
  });

  it("the route table reaches only relative imports of code, as Remix loads it without the ~/ alias", () => {
    expect(aliasImportsReachableFrom(join(process.cwd(), "app/routes.ts"), process.cwd())).toEqual([]);
  });

  it("tells code imports from type-only ones", () => {
    const source = [
      'import type { A } from "~/a";',
      'import { type B, c } from "~/c";',
      'export type { D } from "~/d";',
      'import { e } from "./e";',
    ].join("\n");
    expect(valueImportSpecifiers(source)).toEqual(["~/c", "./e"]);
  });
});
