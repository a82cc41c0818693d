import { z } from "zod";
import { extensionPoints, type ProvidesMap } from "../extensions/contracts";
import type { ModuleServerEntry } from "./module-server";

/**
 * Who may open a route, decided by the core guard before any loader or action runs:
 * - free: anyone, signed in or not (deep link, storybook, health, locales)
 * - external: anyone; the route itself checks the signed link it was given. A permission on such a route is
 *   what a signed-in member needs to open it without a link (`requireLinkOrMember`).
 * - public: sign-in pages; a signed-in user is sent on (to /access-control or /)
 * - authenticated: signed in, no project needed (project selection, sign out)
 * - project: signed in, a current project, the module on for it, and the route's permission
 * - global: signed in, and the permission granted by the user's global role (global settings pages)
 */
export const routeAccess = ["free", "external", "public", "authenticated", "project", "global"] as const;
export type RouteAccess = (typeof routeAccess)[number];

export const actionStatus = ["modifiable", "hidden", "always_true", "always_false"] as const;
export type ActionStatus = (typeof actionStatus)[number];

const slug = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9_-]*$/, "use letters, digits, - and _ only, starting with a letter");

const permissionActionSchema = z.object({
  key: slug,
  displayName: z.string().min(1),
  status: z.enum(actionStatus),
  /** Shown only in projects of this region (spec 6: pre-start talks are non-AU, PTT are AU). */
  region: z.enum(["AU", "non-AU"]).optional(),
});

const subModuleSchema = z.object({
  name: slug,
  displayName: z.string().min(1),
  actions: z.array(permissionActionSchema).min(1),
});

/** A permission names a granted action key, or lists keys of which any one grants. */
const permissionRef = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

const routeSchema = z.object({
  path: z.string().regex(/^\/[^\s]*$/, "a route path starts with /"),
  file: z.string().regex(/\.(tsx|ts)$/, "a route file is a .ts or .tsx file"),
  access: z.enum(routeAccess, {
    message: "every route declares its access: free, external, public, authenticated or project",
  }),
  permission: permissionRef.optional(),
  /**
   * What each form intent the route's action accepts needs, beyond the route's own permission: the guard
   * refuses an intent not listed here, and one the user is not granted. A workflow intent names the
   * workflow (in `workflows`) whose table decides each step's permission.
   */
  intents: z
    .record(
      z.string().min(1),
      z.union([
        permissionRef,
        // The step named by the form field `actionField`, or by the intent itself, in this module's workflow.
        z.strictObject({ workflow: z.string().min(1), actionField: z.string().min(1).optional() }),
      ]),
    )
    .optional(),
});

/** A workflow's table as the registry shows it (the route snapshot lists each step's permission). */
const workflowSchema = z.object({
  rows: z
    .array(
      z.object({
        from: z.unknown(),
        action: z.string().min(1),
        to: z.unknown(),
        permission: z.string().min(1),
      }),
    )
    .min(1)
    .readonly(),
  stateKey: z.custom<(state: never) => string>((value) => typeof value === "function"),
});

const lazyImport = z.custom<() => Promise<unknown>>((value) => typeof value === "function");

const navSchema = z.object({
  label: z.string().min(1),
  path: z.string().startsWith("/"),
  icon: z.string().optional(),
  permission: permissionRef.optional(),
});

const manifestBaseSchema = z.object({
  id: slug,
  title: z.string().min(1),
  icon: z.string().default("square"),
  basePath: z.string().startsWith("/"),
  /** Core modules (home, account) cannot be switched off for a project. */
  core: z.boolean().default(false),
  /**
   * project: its permissions are granted by the member's role in the current project.
   * global: by the user's global role, whatever the project (global settings); never switched off.
   */
  scope: z.enum(["project", "global"]).default("project"),
  routes: z.array(routeSchema),
  permissions: z
    .object({
      displayName: z.string().min(1),
      actions: z.array(permissionActionSchema).default([]),
      subModules: z.array(subModuleSchema).default([]),
    })
    .optional(),
  /**
   * Permissions of a project-scoped module that the user's global role grants, not the member's project
   * role: the module's global pages (a company's shared accommodation under /globalSettings). Keys are
   * `module.subModule.action` like the others; a sub-module's name is not one of `permissions`' (decision
   * 047). Only such keys may guard the module's `access: "global"` routes.
   */
  globalPermissions: z
    .object({ displayName: z.string().min(1), subModules: z.array(subModuleSchema).min(1) })
    .optional(),
  nav: z.array(navSchema).default([]),
  /** Settings forms: a zod object per form, its defaults come from the schema. */
  settings: z
    .record(
      z.string(),
      z.custom<z.ZodObject<any>>((v) => v instanceof z.ZodObject),
    )
    .default({}),
  /**
   * The module's server entry, a lazy import of a file exporting `moduleServer` (see module-server.ts):
   * its entities, its migrations and its setup run once at boot. Lazy, so the manifest stays pure data
   * wherever the registry is read (the route table, the browser bundle's config) and never loads the ORM.
   */
  server: lazyImport.optional(),
  /** Contributions to the core's extension points, each a lazy import of a file exporting `provider`. */
  provides: z.partialRecord(z.enum(extensionPoints), lazyImport).default({}),
  /**
   * What the module tells people about: the events it passes to notify() (their names are stored on the
   * rows and each user may turn them off in-app or by e-mail at /notifications/settings), and its project
   * notification-settings pages, listed there as links for the members whose permission opens them.
   */
  notifications: z
    .object({
      events: z.array(z.object({ event: z.string().min(1).max(100), label: z.string().min(1) })).default([]),
      settingsPages: z
        .array(z.object({ label: z.string().min(1), path: z.string().startsWith("/") }))
        .default([]),
    })
    .default({ events: [], settingsPages: [] }),
  /** The module's workflow tables, by name; route intents refer to them. */
  workflows: z.record(z.string().min(1), workflowSchema).default({}),
});

export const manifestSchema = manifestBaseSchema.superRefine((manifest, ctx) => {
  for (const page of manifest.notifications.settingsPages) {
    if (!manifest.routes.some((route) => route.path === page.path))
      ctx.addIssue({
        code: "custom",
        path: ["notifications"],
        message: `notification settings page ${page.path} is not a route of the module`,
      });
  }
  const events = manifest.notifications.events.map((entry) => entry.event);
  if (new Set(events).size !== events.length)
    ctx.addIssue({
      code: "custom",
      path: ["notifications"],
      message: "a notification event is declared twice",
    });
  for (const route of manifest.routes) {
    // An external route's permission is what a member needs without its link (requireLinkOrMember).
    if (route.permission && !["project", "global", "external"].includes(route.access)) {
      ctx.addIssue({
        code: "custom",
        path: ["routes"],
        message: `route ${route.path} names a permission but its access is "${route.access}"; only project, global and external routes check permissions`,
      });
    }
    for (const [intent, rule] of Object.entries(route.intents ?? {})) {
      if (typeof rule === "object" && !Array.isArray(rule) && !manifest.workflows[rule.workflow]) {
        ctx.addIssue({
          code: "custom",
          path: ["routes"],
          message: `intent "${intent}" of route ${route.path} names unknown workflow "${rule.workflow}"`,
        });
      }
    }
    if (manifest.scope === "global" && route.access === "project") {
      ctx.addIssue({
        code: "custom",
        path: ["routes"],
        message: `route ${route.path} is a project route in a global-scoped module`,
      });
    }
    if (manifest.scope === "project") checkScopedKeys(manifest, route, ctx);
  }
  if (manifest.globalPermissions) checkGlobalPermissions(manifest, ctx);
});

type ParsedManifest = z.output<typeof manifestBaseSchema>;
type ParsedRoute = ParsedManifest["routes"][number];

const refKeys = (ref: z.output<typeof permissionRef> | undefined): readonly string[] =>
  ref === undefined ? [] : typeof ref === "string" ? [ref] : ref;

/** The keys a project-scoped module's global role grants: `module.subModule.action` of `globalPermissions`. */
export function globalPermissionKeysOf(manifest: Pick<ParsedManifest, "id" | "globalPermissions">): string[] {
  return (manifest.globalPermissions?.subModules ?? []).flatMap((sub) =>
    sub.actions.map((action) => `${manifest.id}.${sub.name}.${action.key}`),
  );
}

/**
 * In a project-scoped module, a global route is guarded by the module's global permissions only (the
 * user's global role grants them), and a project route by none of them (a project role never grants one).
 */
function checkScopedKeys(manifest: ParsedManifest, route: ParsedRoute, ctx: z.RefinementCtx) {
  const global = new Set(globalPermissionKeysOf(manifest));
  const keys = [
    ...refKeys(route.permission),
    ...Object.values(route.intents ?? {}).flatMap((rule) =>
      typeof rule === "object" && !Array.isArray(rule) ? [] : refKeys(rule),
    ),
  ];
  if (route.access === "global") {
    if (global.size === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["routes"],
        message: `route ${route.path} is a global route in a project-scoped module without globalPermissions`,
      });
      return;
    }
    if (!route.permission)
      ctx.addIssue({
        code: "custom",
        path: ["routes"],
        message: `global route ${route.path} of a project-scoped module names no permission; name one of its globalPermissions`,
      });
    for (const key of keys.filter((key) => !global.has(key)))
      ctx.addIssue({
        code: "custom",
        path: ["routes"],
        message: `global route ${route.path} names "${key}", which is not among the module's globalPermissions (a project role grants it, never a global role)`,
      });
    return;
  }
  for (const key of keys.filter((key) => global.has(key)))
    ctx.addIssue({
      code: "custom",
      path: ["routes"],
      message: `route ${route.path} is a ${route.access} route but names "${key}", one of the module's globalPermissions (granted by global roles only)`,
    });
}

function checkGlobalPermissions(manifest: ParsedManifest, ctx: z.RefinementCtx) {
  if (manifest.scope === "global") {
    ctx.addIssue({
      code: "custom",
      path: ["globalPermissions"],
      message:
        "a global-scoped module's permissions are all granted by global roles: declare them in permissions",
    });
    return;
  }
  const projectSubs = new Set((manifest.permissions?.subModules ?? []).map((sub) => sub.name));
  const seen = new Set<string>();
  for (const sub of manifest.globalPermissions?.subModules ?? []) {
    if (projectSubs.has(sub.name) || seen.has(sub.name))
      ctx.addIssue({
        code: "custom",
        path: ["globalPermissions"],
        message: `global permission sub-module "${sub.name}" repeats a sub-module name of the module; give it its own name`,
      });
    seen.add(sub.name);
  }
}

export type ModuleManifestInput = Omit<z.input<typeof manifestSchema>, "server" | "provides"> & {
  server?: () => Promise<ModuleServerEntry>;
  provides?: ProvidesMap;
};
export type ModuleManifest = Omit<z.output<typeof manifestSchema>, "server" | "provides"> & {
  server?: () => Promise<ModuleServerEntry>;
  provides: ProvidesMap;
};
export type ManifestRoute = ModuleManifest["routes"][number];
export type PermissionRef = z.output<typeof permissionRef>;

/**
 * Declares a module. Checked again by the registry (and its test) when the list is assembled. The literal
 * types are kept (`const`), so the permission keys a module declares become the type `PermissionKey`.
 */
export function defineModule<const M extends ModuleManifestInput>(manifest: M): M {
  return manifest;
}

/** Abbreviations the product writes in capitals in a permission's name. */
const ACRONYMS = new Set(["qa", "dti", "itp", "ncr", "ptt", "she", "wp", "hp"]);

/**
 * A permission action's name for the role editor, read from its spec 6 code: "lot-reopen-cancel" →
 * "Lot reopen cancel", "qa-review" → "QA review". Screens show this, never the code.
 */
export function actionDisplayName(key: string): string {
  const words = key.split(/[-_]+/).filter(Boolean);
  return words
    .map((word, index) => {
      if (ACRONYMS.has(word)) return word.toUpperCase();
      return index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word;
    })
    .join(" ");
}

/** Permission actions that a project role may grant or not (status modifiable), named from their keys. */
export function modifiableActions<const Keys extends readonly string[]>(
  ...keys: Keys
): { key: Keys[number]; displayName: string; status: "modifiable" }[] {
  return keys.map((key) => ({ key, displayName: actionDisplayName(key), status: "modifiable" as const }));
}

type KeyOf<Action> = Action extends { key: infer Key extends string } ? Key : never;
type ActionKeys<Prefix extends string, Actions> = Actions extends readonly (infer Action)[]
  ? `${Prefix}.${KeyOf<Action>}`
  : never;
type SubModuleKeys<ModuleId extends string, SubModule> = SubModule extends {
  name: infer Name extends string;
  actions: infer Actions;
}
  ? ActionKeys<`${ModuleId}.${Name}`, Actions>
  : never;

/** The permission keys a manifest declares: `module.action` and `module.subModule.action`. */
export type PermissionKeysOf<Manifest> = Manifest extends {
  id: infer ModuleId extends string;
  permissions?: infer Tree;
}
  ?
      | (Tree extends { actions?: infer Actions } ? ActionKeys<ModuleId, Actions> : never)
      | (Tree extends { subModules?: readonly (infer SubModule)[] }
          ? SubModuleKeys<ModuleId, SubModule>
          : never)
      | GlobalKeysOf<Manifest>
  : never;

type GlobalKeysOf<Manifest> = Manifest extends {
  id: infer ModuleId extends string;
  globalPermissions: { subModules: readonly (infer SubModule)[] };
}
  ? SubModuleKeys<ModuleId, SubModule>
  : never;
