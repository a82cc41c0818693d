import { z } from "zod";

/**
 * Who may open a route, decided by the core guard before any loader or action runs:
 * - free: anyone, signed in or not (deep link, storybook, health, locales)
 * - external: anyone; the route itself checks the signed link it was given
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
});

const navSchema = z.object({
  label: z.string().min(1),
  path: z.string().startsWith("/"),
  icon: z.string().optional(),
  permission: permissionRef.optional(),
});

export const manifestSchema = z
  .object({
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
    nav: z.array(navSchema).default([]),
    /** Settings forms: a zod object per form, its defaults come from the schema. */
    settings: z
      .record(
        z.string(),
        z.custom<z.ZodObject<any>>((v) => v instanceof z.ZodObject),
      )
      .default({}),
    /** MikroORM entities (defineEntity results) this module owns. */
    entities: z.array(z.any()).default([]),
    /**
     * Server code that must run once at boot, before the job workers start: it registers the module's
     * background jobs and its uses of core pieces (location usage counters). A lazy import, so the
     * manifest stays light wherever the registry is read.
     */
    serverSetup: z.custom<() => Promise<unknown>>((value) => typeof value === "function").optional(),
  })
  .superRefine((manifest, ctx) => {
    for (const route of manifest.routes) {
      if (route.permission && route.access !== "project" && route.access !== "global") {
        ctx.addIssue({
          code: "custom",
          path: ["routes"],
          message: `route ${route.path} names a permission but its access is "${route.access}"; only project and global routes check permissions`,
        });
      }
      const expected = manifest.scope === "global" ? "global" : "project";
      const other = expected === "global" ? "project" : "global";
      if (route.access === other) {
        ctx.addIssue({
          code: "custom",
          path: ["routes"],
          message: `route ${route.path} is a ${other} route in a ${manifest.scope}-scoped module`,
        });
      }
    }
  });

export type ModuleManifestInput = z.input<typeof manifestSchema>;
export type ModuleManifest = z.output<typeof manifestSchema>;
export type ManifestRoute = ModuleManifest["routes"][number];
export type PermissionRef = z.output<typeof permissionRef>;

/** Declares a module. Checked again by the registry (and its test) when the list is assembled. */
export function defineModule(manifest: ModuleManifestInput): ModuleManifestInput {
  return manifest;
}
