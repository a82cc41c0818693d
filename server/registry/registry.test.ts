import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coreRoutes } from "~/app/core-routes";
import { moduleManifests } from "~/modules/index";
import { registry } from "./index";
import { defineModule } from "./manifest";
import { buildRegistry, RegistryError } from "./registry";

const sample = () =>
  defineModule({
    id: "sample",
    title: "sample:title",
    basePath: "/sample",
    routes: [
      { path: "/sample", file: "routes/list.tsx", access: "project", permission: "sample.item.view" },
      {
        path: "/sample/:id",
        file: "routes/detail.tsx",
        access: "project",
        permission: ["sample.item.view", "sample.item.edit"],
      },
    ],
    permissions: {
      displayName: "Sample",
      subModules: [
        {
          name: "item",
          displayName: "Item",
          actions: [
            { key: "view", displayName: "view", status: "modifiable" },
            { key: "edit", displayName: "edit", status: "modifiable" },
          ],
        },
      ],
    },
    nav: [{ label: "sample:nav", path: "/sample", permission: "sample.item.view" }],
  });

describe("module registry", () => {
  it("accepts the product's own modules", () => {
    const registry = buildRegistry(moduleManifests, coreRoutes);
    expect(registry.modules.map((m) => m.id)).toContain("home");
    expect(registry.matchRoute("/auth/login")?.route.access).toBe("public");
  });

  it("lists every folder under modules/", () => {
    const modulesDir = join(process.cwd(), "modules");
    const folders = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
    const registered: string[] = moduleManifests.map((m) => m.id);
    const missing = folders.filter((folder) => !registered.includes(folder));
    expect(missing, `folders under modules/ not listed in modules/index.ts: ${missing.join(", ")}`).toEqual(
      [],
    );
    for (const id of registered) expect(folders).toContain(id);
  });

  it("derives routes, permission keys and navigation from a manifest", () => {
    const registry = buildRegistry([sample()], []);
    expect(registry.routes.map((r) => [r.path, r.file])).toEqual([
      ["/sample", "../modules/sample/routes/list.tsx"],
      ["/sample/:id", "../modules/sample/routes/detail.tsx"],
    ]);
    expect([...registry.permissionKeys.keys()]).toEqual(["sample.item.view", "sample.item.edit"]);
    expect(registry.permissionTree[0]).toMatchObject({ name: "sample", type: "SUB_MODULE" });
    expect(registry.nav).toEqual([
      { moduleId: "sample", label: "sample:nav", path: "/sample", permission: "sample.item.view" },
    ]);
    expect(registry.matchRoute("/sample/42")?.params).toEqual({ id: "42" });
  });

  it("fails when two routes share a path", () => {
    const other = {
      ...sample(),
      id: "other",
      routes: [{ path: "/sample/:key", file: "routes/x.tsx", access: "free" }],
    };
    expect(() => buildRegistry([sample(), other as any], [])).toThrowError(
      'Route path "/sample/:key" is declared by both module "sample" and module "other"',
    );
  });

  it("fails when a route declares no access", () => {
    const broken = { ...sample(), routes: [{ path: "/sample", file: "routes/list.tsx" }] };
    expect(() => buildRegistry([broken as any], [])).toThrowError(RegistryError);
    expect(() => buildRegistry([broken as any], [])).toThrowError(
      /routes\.0\.access: every route declares its access/,
    );
  });

  it("fails when a route names an unknown permission key", () => {
    const broken = {
      ...sample(),
      routes: [
        { path: "/sample", file: "routes/list.tsx", access: "project", permission: "sample.item.fly" },
      ],
    };
    expect(() => buildRegistry([broken as any], [])).toThrowError(
      'Route "/sample" of module "sample" names unknown permission "sample.item.fly"',
    );
  });

  it("fails when navigation names an unknown permission key", () => {
    const broken = { ...sample(), nav: [{ label: "x", path: "/sample", permission: "nope.view" }] };
    expect(() => buildRegistry([broken as any], [])).toThrowError(/names unknown permission "nope.view"/);
  });

  it("fails when a module is registered twice", () => {
    expect(() => buildRegistry([sample(), sample()], [])).toThrowError('Module "sample" is registered twice');
  });

  it("refuses a permission on a route that is not a project route", () => {
    const broken = {
      ...sample(),
      routes: [
        { path: "/sample", file: "routes/list.tsx", access: "public", permission: "sample.item.view" },
      ],
    };
    expect(() => buildRegistry([broken as any], [])).toThrowError(
      /only project, global and external routes check permissions/,
    );
  });
});

describe("intents", () => {
  it("a route declares intents exactly when its action checks them with requireIntent", () => {
    const problems: string[] = [];
    for (const route of registry().routes) {
      if (route.moduleId === null) continue;
      const source = readFileSync(join(process.cwd(), "app", route.file), "utf8");
      const checks = source.includes("requireIntent(");
      const reads = /\.get\("intent"\)/.test(source);
      if (route.intents && !checks)
        problems.push(`${route.path} declares intents but never calls requireIntent`);
      if (!route.intents && (checks || reads))
        problems.push(`${route.path} reads a form intent but declares none in its manifest`);
    }
    expect(problems).toEqual([]);
  });

  it("refuses an intent naming an unknown permission or workflow", () => {
    const withIntent = (intents: Record<string, unknown>) => ({
      ...sample(),
      routes: [{ path: "/sample", file: "routes/list.tsx", access: "project", intents }],
    });
    expect(() => buildRegistry([withIntent({ approve: "sample.item.approve" }) as never], [])).toThrowError(
      'Intent "approve" of route "/sample" of module "sample" names unknown permission "sample.item.approve"',
    );
    expect(() => buildRegistry([withIntent({ approve: { workflow: "item" } }) as never], [])).toThrowError(
      'intent "approve" of route /sample names unknown workflow "item"',
    );
  });
});

describe("a project module's global permissions (decision 047)", () => {
  const sharedSub = {
    name: "shared-item",
    displayName: "Shared items",
    actions: [
      { key: "view-global", displayName: "view-global", status: "modifiable" as const },
      { key: "edit-global", displayName: "edit-global", status: "modifiable" as const },
    ],
  };
  const withGlobal = (
    routes: unknown[],
    globalPermissions: unknown = { displayName: "Sample (global)", subModules: [sharedSub] },
  ) => ({
    ...sample(),
    globalPermissions,
    routes: [...sample().routes, ...routes],
  });
  const globalRoute = (permission: unknown, intents?: unknown) => ({
    path: "/globalSettings/sample",
    file: "routes/global.tsx",
    access: "global",
    permission,
    ...(intents ? { intents } : {}),
  });

  it("lets a project module declare global routes guarded by its global permissions, granted by global roles", () => {
    const built = buildRegistry(
      [
        withGlobal([
          globalRoute("sample.shared-item.view-global", { save: "sample.shared-item.edit-global" }),
        ]) as never,
      ],
      [],
    );
    expect(built.matchRoute("/globalSettings/sample")?.route.access).toBe("global");
    expect([...built.globalPermissionKeys.keys()]).toEqual([
      "sample.shared-item.view-global",
      "sample.shared-item.edit-global",
    ]);
    expect([...built.projectPermissionKeys.keys()]).toEqual(["sample.item.view", "sample.item.edit"]);
    const tree = built.permissionTree.find((module) => module.name === "sample");
    expect(tree?.subModules.map((sub) => [sub.name, sub.global ?? false])).toEqual([
      ["item", false],
      ["shared-item", true],
    ]);
  });

  it("refuses a global route in a project module without global permissions, or naming a project key", () => {
    expect(() =>
      buildRegistry([{ ...sample(), routes: [globalRoute("sample.item.view")] } as never], []),
    ).toThrowError(
      /route \/globalSettings\/sample is a global route in a project-scoped module without globalPermissions/,
    );
    expect(() => buildRegistry([withGlobal([globalRoute("sample.item.view")]) as never], [])).toThrowError(
      /global route \/globalSettings\/sample names "sample.item.view", which is not among the module's globalPermissions/,
    );
    expect(() =>
      buildRegistry(
        [withGlobal([globalRoute("sample.shared-item.view-global", { save: "sample.item.edit" })]) as never],
        [],
      ),
    ).toThrowError(/names "sample.item.edit", which is not among the module's globalPermissions/);
    expect(() => buildRegistry([withGlobal([globalRoute(undefined)]) as never], [])).toThrowError(
      /global route \/globalSettings\/sample of a project-scoped module names no permission/,
    );
  });

  it("refuses a project route naming a global key, and a global sub-module repeating a sub-module's name", () => {
    const projectRoute = {
      path: "/sample/shared",
      file: "routes/shared.tsx",
      access: "project",
      permission: "sample.shared-item.view-global",
    };
    expect(() => buildRegistry([withGlobal([projectRoute]) as never], [])).toThrowError(
      /route \/sample\/shared is a project route but names "sample.shared-item.view-global", one of the module's globalPermissions/,
    );
    const repeated = { displayName: "Sample (global)", subModules: [{ ...sharedSub, name: "item" }] };
    expect(() => buildRegistry([withGlobal([], repeated) as never], [])).toThrowError(
      /global permission sub-module "item" repeats a sub-module name of the module/,
    );
  });

  it("refuses globalPermissions on a global-scoped module", () => {
    const globalModule = { ...withGlobal([]), scope: "global", routes: [] };
    expect(() => buildRegistry([globalModule as never], [])).toThrowError(
      /a global-scoped module's permissions are all granted by global roles/,
    );
  });

  it("counts rostering's shared accommodation keys as global ones", () => {
    const { globalPermissionKeys, projectPermissionKeys } = registry();
    expect(globalPermissionKeys.has("rostering.shared-accommodation.view-global")).toBe(true);
    expect(projectPermissionKeys.has("rostering.shared-accommodation.view-global")).toBe(false);
    expect(projectPermissionKeys.has("rostering.accommodation.view")).toBe(true);
  });
});
