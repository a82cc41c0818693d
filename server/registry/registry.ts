import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import type { z } from "zod";
import {
  type ActionStatus,
  actionDisplayName,
  globalPermissionKeysOf,
  type ManifestRoute,
  type ModuleManifest,
  type ModuleManifestInput,
  manifestSchema,
  type PermissionRef,
  type RouteAccess,
} from "./manifest";

export class RegistryError extends Error {
  override name = "RegistryError";
}

/** A core route: lives in app/, declared in app/core-routes.ts, files relative to app/. */
export type CoreRoute = {
  path: string;
  file: string;
  access: RouteAccess;
  permission?: PermissionRef;
  id: string;
};

/** What an intent of a route's action needs: a permission, or the step's permission in a workflow table. */
export type { PermissionRef };
export type IntentRule = PermissionRef | { workflow: string; actionField?: string };

/** A workflow table as the registry knows it: enough to decide and show who may run each step. */
export type RegisteredWorkflow = {
  moduleId: string;
  name: string;
  rows: readonly { from: unknown; action: string; to: unknown; permission: string }[];
  stateKey: (state: never) => string;
};

export type RegisteredRoute = {
  id: string;
  path: string;
  /** Relative to the Remix app directory (app/). */
  file: string;
  access: RouteAccess;
  permission?: PermissionRef;
  /** The intents the route's action accepts and what each needs (enforced by requireIntent). */
  intents?: Record<string, IntentRule>;
  moduleId: string | null;
};

export type PermissionAction = {
  key: string;
  name: string;
  displayName: string;
  status: ActionStatus;
  region?: "AU" | "non-AU";
};
export type PermissionSubModule = {
  name: string;
  displayName: string;
  actions: PermissionAction[];
  /** A project-scoped module's sub-module whose actions the user's global role grants (`globalPermissions`). */
  global?: true;
};
export type PermissionModule = {
  name: string;
  displayName: string;
  type: "SUB_MODULE" | "ACTION";
  actions: PermissionAction[];
  subModules: PermissionSubModule[];
};

export type NavEntry = {
  moduleId: string;
  label: string;
  path: string;
  icon?: string;
  permission?: PermissionRef;
};

export type Registry = {
  modules: ModuleManifest[];
  routes: RegisteredRoute[];
  permissionTree: PermissionModule[];
  permissionKeys: Map<string, PermissionAction>;
  /** The actions project roles grant, and those global roles grant (modules of scope global). */
  projectPermissionKeys: Map<string, PermissionAction>;
  globalPermissionKeys: Map<string, PermissionAction>;
  nav: NavEntry[];
  /** Every module's workflow tables, by `moduleId:name`. */
  workflows: Map<string, RegisteredWorkflow>;
  matchRoute(pathname: string): { route: RegisteredRoute; params: Record<string, string | undefined> } | null;
};

function formatZodError(moduleId: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  - ${issue.path.join(".") || "(manifest)"}: ${issue.message}`);
  return `Module "${moduleId}" has an invalid manifest:\n${lines.join("\n")}`;
}

function routeId(moduleId: string, path: string): string {
  const tail = path.replace(/^\//, "").replace(/[/:]+/g, ".").replace(/\.$/, "") || "index";
  return `${moduleId}:${tail}`;
}

function refKeys(ref: PermissionRef | undefined): readonly string[] {
  if (!ref) return [];
  return typeof ref === "string" ? [ref] : ref;
}

export function isWorkflowRule(rule: IntentRule): rule is { workflow: string; actionField?: string } {
  return typeof rule === "object" && !Array.isArray(rule) && "workflow" in rule;
}

/** Builds the runtime view of the modules: routes, permission tree, navigation. Throws RegistryError with a clear message. */
export function buildRegistry(inputs: ModuleManifestInput[], coreRoutes: CoreRoute[]): Registry {
  const modules: ModuleManifest[] = [];
  const seenIds = new Set<string>();
  for (const input of inputs) {
    const id = typeof input?.id === "string" ? input.id : "(no id)";
    const parsed = manifestSchema.safeParse(input);
    if (!parsed.success) throw new RegistryError(formatZodError(id, parsed.error));
    if (seenIds.has(parsed.data.id))
      throw new RegistryError(`Module "${parsed.data.id}" is registered twice`);
    seenIds.add(parsed.data.id);
    modules.push(parsed.data as ModuleManifest);
  }

  const permissionTree: PermissionModule[] = [];
  const permissionKeys = new Map<string, PermissionAction>();
  for (const module of modules) {
    if (!module.permissions && !module.globalPermissions) continue;
    const tree = module.permissions ?? {
      displayName: module.globalPermissions!.displayName,
      actions: [],
      subModules: [],
    };
    const toAction = (prefix: string, a: { key: string; displayName: string; status: any; region?: any }) => {
      // A manifest that names an action by its code ("view-resources") gets the code read as words.
      const displayName = a.displayName === a.key ? actionDisplayName(a.key) : a.displayName;
      const action: PermissionAction = { ...a, displayName, name: a.key, key: `${prefix}.${a.key}` };
      if (permissionKeys.has(action.key))
        throw new RegistryError(`Permission "${action.key}" is declared twice`);
      permissionKeys.set(action.key, action);
      return action;
    };
    const hasSubModules = tree.subModules.length > 0 || Boolean(module.globalPermissions);
    permissionTree.push({
      name: module.id,
      displayName: tree.displayName,
      type: hasSubModules ? "SUB_MODULE" : "ACTION",
      actions: tree.actions.map((a) => toAction(module.id, a)),
      subModules: [
        ...tree.subModules.map((sub) => ({
          name: sub.name,
          displayName: sub.displayName,
          actions: sub.actions.map((a) => toAction(`${module.id}.${sub.name}`, a)),
        })),
        // Listed with the module's own, marked: global role editors show them, project role editors do not.
        ...(module.globalPermissions?.subModules ?? []).map((sub) => ({
          name: sub.name,
          displayName: sub.displayName,
          actions: sub.actions.map((a) => toAction(`${module.id}.${sub.name}`, a)),
          global: true as const,
        })),
      ],
    });
  }

  const routes: RegisteredRoute[] = [];
  const byPath = new Map<string, string>();
  const addRoute = (route: RegisteredRoute, owner: string) => {
    const normalized = route.path.replace(/:[^/]+/g, ":param");
    const existing = byPath.get(normalized);
    if (existing) {
      throw new RegistryError(`Route path "${route.path}" is declared by both ${existing} and ${owner}`);
    }
    byPath.set(normalized, owner);
    for (const key of refKeys(route.permission)) {
      if (!permissionKeys.has(key)) {
        throw new RegistryError(`Route "${route.path}" of ${owner} names unknown permission "${key}"`);
      }
    }
    for (const [intent, rule] of Object.entries(route.intents ?? {})) {
      if (isWorkflowRule(rule)) continue;
      for (const key of refKeys(rule))
        if (!permissionKeys.has(key))
          throw new RegistryError(
            `Intent "${intent}" of route "${route.path}" of ${owner} names unknown permission "${key}"`,
          );
    }
    routes.push(route);
  };

  for (const route of coreRoutes) {
    if (!route.access) throw new RegistryError(`Core route "${route.path}" declares no access`);
    addRoute({ ...route, moduleId: null }, "the core");
  }
  for (const module of modules) {
    for (const route of module.routes as ManifestRoute[]) {
      addRoute(
        {
          id: routeId(module.id, route.path),
          path: route.path,
          file: `../modules/${module.id}/${route.file.replace(/^\.\//, "")}`,
          access: route.access,
          permission: route.permission,
          intents: route.intents,
          moduleId: module.id,
        },
        `module "${module.id}"`,
      );
    }
  }

  const nav: NavEntry[] = [];
  for (const module of modules) {
    for (const entry of module.nav) {
      for (const key of refKeys(entry.permission)) {
        if (!permissionKeys.has(key)) {
          throw new RegistryError(
            `Navigation entry "${entry.label}" of module "${module.id}" names unknown permission "${key}"`,
          );
        }
      }
      nav.push({ moduleId: module.id, ...entry });
    }
  }

  const workflows = new Map<string, RegisteredWorkflow>();
  for (const module of modules) {
    for (const [name, workflow] of Object.entries(module.workflows)) {
      for (const row of workflow.rows)
        if (!permissionKeys.has(row.permission))
          throw new RegistryError(
            `Workflow "${name}" of module "${module.id}" names unknown permission "${row.permission}" (step ${row.action})`,
          );
      workflows.set(`${module.id}:${name}`, {
        moduleId: module.id,
        name,
        rows: workflow.rows as RegisteredWorkflow["rows"],
        stateKey: workflow.stateKey as RegisteredWorkflow["stateKey"],
      });
    }
  }

  // Granted by the user's global role: every key of a global-scoped module, and a project-scoped module's
  // globalPermissions.
  const globalModules = new Set(modules.filter((m) => m.scope === "global").map((m) => m.id));
  const globalSubModuleKeys = new Set(modules.flatMap((m) => globalPermissionKeysOf(m)));
  const isGlobalKey = (key: string) => globalModules.has(key.split(".")[0]) || globalSubModuleKeys.has(key);
  const projectPermissionKeys = new Map([...permissionKeys].filter(([key]) => !isGlobalKey(key)));
  const globalPermissionKeys = new Map([...permissionKeys].filter(([key]) => isGlobalKey(key)));

  const matchable: AgnosticRouteObject[] = routes.map((route) => ({ id: route.id, path: route.path }));
  const byId = new Map(routes.map((route) => [route.id, route]));

  return {
    modules,
    routes,
    permissionTree,
    permissionKeys,
    projectPermissionKeys,
    globalPermissionKeys,
    nav,
    workflows,
    matchRoute(pathname) {
      const matches = matchRoutes(matchable, pathname);
      const leaf = matches?.[matches.length - 1];
      if (!leaf) return null;
      const route = byId.get(leaf.route.id as string);
      return route ? { route, params: leaf.params } : null;
    },
  };
}
