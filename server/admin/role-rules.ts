import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { maxLengthMessage, requiredMessage } from "~/app/utils/message-key";
import { appliesToRegion } from "~/server/permissions/grants";
import type { ActionStatus } from "~/server/registry/manifest";
import type { PermissionModule } from "~/server/registry/registry";

/**
 * The rules of the role editor, shared by product roles (global settings) and ACC roles (project
 * settings). Pure: the server validates with them and the browser uses them to keep the tree in step.
 */

export const ACCESS_LEVELS = ["full", "view", "none", "limited"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Spec 6: FULL every modifiable action chosen, LACK some, EMPTY none, WAIT nothing to choose (all locked). */
export type SelectionState = "FULL" | "LACK" | "EMPTY" | "WAIT";

export type Region = "AU" | "non-AU";

export type EditorAction = { key: string; name: string; displayName: string; status: ActionStatus };
/** A sub-module, or the module's own actions (name ""), as one group of checkboxes. */
export type EditorGroup = { name: string; displayName: string; actions: EditorAction[] };
export type EditorModule = { name: string; displayName: string; groups: EditorGroup[] };

export const ROLE_NAME_MAX = 120;

/** The messages (app/utils/message-key) the role forms answer with. */
export const ROLE_MESSAGES = {
  required: requiredMessage,
  maxLength: maxLengthMessage(ROLE_NAME_MAX),
  nameTaken: "roles:validation.nameTaken",
  selectPermission: "roles:validation.selectPermission",
  confirmFullAccess: "roles:validation.confirmFullAccess",
} as const;

/**
 * The tree an editor shows: the chosen modules, without hidden actions and, for a project's roles,
 * without the actions that do not apply to its region (spec 6). Locked actions stay, to be shown.
 */
export type TreeOptions = {
  moduleNames?: ReadonlySet<string>;
  region?: Region;
  /** A project's role: without the sub-modules only a global role grants (a module's globalPermissions). */
  projectOnly?: boolean;
};

/** The module's sub-modules an editor with these options shows. */
const subModulesFor = (module: PermissionModule, options: TreeOptions) =>
  options.projectOnly ? module.subModules.filter((sub) => !sub.global) : module.subModules;

export function editorTree(tree: readonly PermissionModule[], options: TreeOptions = {}): EditorModule[] {
  const keep = (action: EditorAction & { region?: Region }) =>
    action.status !== "hidden" && (!options.region || appliesToRegion(action, options.region));
  const toAction = ({ key, name, displayName, status }: EditorAction): EditorAction => ({
    key,
    name,
    displayName,
    status,
  });
  return tree
    .filter((module) => !options.moduleNames || options.moduleNames.has(module.name))
    .map((module) => ({
      name: module.name,
      displayName: module.displayName,
      groups: [
        { name: "", displayName: module.displayName, actions: module.actions },
        ...subModulesFor(module, options),
      ]
        .map((group) => ({
          name: group.name,
          displayName: group.displayName,
          actions: group.actions.filter(keep).map(toAction),
        }))
        .filter((group) => group.actions.length > 0),
    }))
    .filter((module) => module.groups.length > 0);
}

const actionsOf = (module: EditorModule) => module.groups.flatMap((group) => group.actions);

/** The actions a role decides on: the locked ones (always_true, always_false) are not a choice. */
export function modifiableKeys(module: EditorModule): string[] {
  return actionsOf(module)
    .filter((action) => action.status === "modifiable")
    .map((action) => action.key);
}

/** View-type actions: the key 'view' or a key containing 'view' (view-global, view-notification-settings). */
export function isViewAction(action: Pick<EditorAction, "name">): boolean {
  return action.name.includes("view");
}

/** What an access level selects in a module; Limited keeps the user's own selection. */
export function keysForLevel(
  module: EditorModule,
  level: AccessLevel,
  selection: readonly string[] = [],
): string[] {
  const modifiable = actionsOf(module).filter((action) => action.status === "modifiable");
  switch (level) {
    case "full":
      return modifiable.map((action) => action.key);
    case "view":
      return modifiable.filter(isViewAction).map((action) => action.key);
    case "none":
      return [];
    case "limited": {
      const chosen = new Set(selection);
      return modifiable.filter((action) => chosen.has(action.key)).map((action) => action.key);
    }
  }
}

const sameKeys = (a: readonly string[], b: ReadonlySet<string>) =>
  a.length === b.size && a.every((key) => b.has(key));

/** The level a selection amounts to; when every modifiable action is a view action, Full wins. */
export function levelOf(module: EditorModule, selected: ReadonlySet<string>): AccessLevel {
  const chosen = new Set(modifiableKeys(module).filter((key) => selected.has(key)));
  if (chosen.size === 0) return "none";
  if (sameKeys(keysForLevel(module, "full"), chosen)) return "full";
  if (sameKeys(keysForLevel(module, "view"), chosen)) return "view";
  return "limited";
}

export function selectionState(module: EditorModule, selected: ReadonlySet<string>): SelectionState {
  const modifiable = modifiableKeys(module);
  if (modifiable.length === 0) return "WAIT";
  const count = modifiable.filter((key) => selected.has(key)).length;
  if (count === 0) return "EMPTY";
  return count === modifiable.length ? "FULL" : "LACK";
}

/** Only modifiable keys of the editor's tree are stored: unknown, hidden, locked or other-region keys go. */
export function sanitizeKeys(modules: readonly EditorModule[], keys: Iterable<string>): string[] {
  const allowed = new Set(modules.flatMap(modifiableKeys));
  return [...new Set(keys)].filter((key) => allowed.has(key)).sort();
}

export type PostedSelection = {
  /** The access level radio of each module. */
  level: Record<string, string | undefined>;
  /** The level each module showed when the page was rendered. */
  initialLevel: Record<string, string | undefined>;
  /** The ticked action checkboxes. */
  actions: readonly string[];
};

const asLevel = (value: string | undefined): AccessLevel | null =>
  ACCESS_LEVELS.includes(value as AccessLevel) ? (value as AccessLevel) : null;

/**
 * The keys a posted editor selects. With JavaScript the radios and checkboxes agree. Without it they
 * can disagree, so a radio the user moved to Full, View only or No access decides its module; an
 * untouched radio, or Limited, leaves the decision to the checkboxes.
 */
export function resolveSelection(modules: readonly EditorModule[], posted: PostedSelection): string[] {
  const keys = modules.flatMap((module) => {
    const level = asLevel(posted.level[module.name]);
    const changed = level !== null && level !== asLevel(posted.initialLevel[module.name]);
    return changed && level !== "limited"
      ? keysForLevel(module, level)
      : keysForLevel(module, "limited", posted.actions);
  });
  return sanitizeKeys(modules, keys);
}

/** The level each module shows for a role's keys. */
export function levelsOf(
  modules: readonly EditorModule[],
  keys: Iterable<string>,
): Record<string, AccessLevel> {
  const selected = new Set(keys);
  return Object.fromEntries(modules.map((module) => [module.name, levelOf(module, selected)]));
}

/**
 * Hidden actions are not shown, so an edit cannot have meant to remove them: the ones the role already
 * has and that its tree still offers are kept.
 */
export function keptHiddenKeys(
  tree: readonly PermissionModule[],
  existing: readonly string[],
  options: TreeOptions = {},
): string[] {
  const hidden = new Set(
    tree
      .filter((module) => !options.moduleNames || options.moduleNames.has(module.name))
      .flatMap((module) => [
        ...module.actions,
        ...subModulesFor(module, options).flatMap((sub) => sub.actions),
      ])
      .filter((action) => action.status === "hidden")
      .filter((action) => !options.region || appliesToRegion(action, options.region))
      .map((action) => action.key),
  );
  return existing.filter((key) => hidden.has(key));
}

export type RoleFormValues = { name: string; fullAccess: boolean; grantedActions: string[] };

/**
 * The role form. Choosing full access must be confirmed (spec 5): `confirmationNeeded` is false when the
 * role already had it. Without full access at least one permission is required.
 */
export function roleFormSchema(modules: readonly EditorModule[], options: { confirmationNeeded: boolean }) {
  const granted = (input: { fullAccess?: boolean } & Partial<PostedSelection>) =>
    input.fullAccess
      ? []
      : resolveSelection(modules, {
          level: input.level ?? {},
          initialLevel: input.initialLevel ?? {},
          actions: input.actions ?? [],
        });
  return z
    .object({
      // Required is checked below: a missing field would otherwise stop the other checks from running.
      name: z.string().trim().max(ROLE_NAME_MAX, ROLE_MESSAGES.maxLength).optional(),
      fullAccess: z.boolean().optional(),
      confirmFullAccess: z.boolean().optional(),
      actions: z.array(z.string()).optional(),
      level: z.record(z.string(), z.string()).optional(),
      initialLevel: z.record(z.string(), z.string()).optional(),
    })
    .superRefine((input, ctx) => {
      if (!input.name) ctx.addIssue({ code: "custom", path: ["name"], message: ROLE_MESSAGES.required });
      if (input.fullAccess && options.confirmationNeeded && !input.confirmFullAccess) {
        ctx.addIssue({
          code: "custom",
          path: ["confirmFullAccess"],
          message: ROLE_MESSAGES.confirmFullAccess,
        });
      }
      if (!input.fullAccess && granted(input).length === 0) {
        ctx.addIssue({ code: "custom", path: ["actions"], message: ROLE_MESSAGES.selectPermission });
      }
    })
    .transform(
      (input): RoleFormValues => ({
        name: input.name ?? "",
        fullAccess: input.fullAccess === true,
        grantedActions: granted(input),
      }),
    );
}

/** Names are unique per kind (and per project for ACC roles), whatever the case or surrounding spaces. */
export function sameRoleName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

export const ROLE_LIST_SORTS = ["name", "updatedAt"] as const;

/** The list's URL state: ?q= searches names, ?sort=name|updatedAt&dir=asc|desc. */
export function readRoleListQuery(params: URLSearchParams) {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    ...readListSort(params, ROLE_LIST_SORTS, { sort: "name", dir: "asc" }),
  };
}

/** 'Project Settings / Roles: delete' for each action key, as the activity log shows them. */
export function actionLabels(tree: readonly PermissionModule[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const module of tree) {
    for (const action of module.actions)
      labels.set(action.key, `${module.displayName}: ${action.displayName}`);
    for (const sub of module.subModules) {
      for (const action of sub.actions) {
        labels.set(action.key, `${module.displayName} / ${sub.displayName}: ${action.displayName}`);
      }
    }
  }
  return labels;
}

export type RoleActivityChange =
  | { field: "name"; before: string | null; after: string | null }
  | { field: "fullAccess"; before: boolean | null; after: boolean | null }
  | { field: "grantedActions"; added: string[]; removed: string[] };

/** An 'updated' entry of the log, as the fields it changed; permissions as those added and removed. */
export function roleActivityChanges(
  labels: ReadonlyMap<string, string>,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): RoleActivityChange[] {
  const changes: RoleActivityChange[] = [];
  const was = before ?? {};
  const is = after ?? {};
  if ("name" in is || "name" in was) {
    changes.push({ field: "name", before: asText(was.name), after: asText(is.name) });
  }
  if ("fullAccess" in is || "fullAccess" in was) {
    changes.push({ field: "fullAccess", before: asFlag(was.fullAccess), after: asFlag(is.fullAccess) });
  }
  if ("grantedActions" in is || "grantedActions" in was) {
    const old = new Set(asKeys(was.grantedActions));
    const now = new Set(asKeys(is.grantedActions));
    const label = (key: string) => labels.get(key) ?? key;
    changes.push({
      field: "grantedActions",
      added: [...now].filter((key) => !old.has(key)).map(label),
      removed: [...old].filter((key) => !now.has(key)).map(label),
    });
  }
  return changes;
}

const asText = (value: unknown) => (typeof value === "string" ? value : null);
const asFlag = (value: unknown) => (typeof value === "boolean" ? value : null);
const asKeys = (value: unknown) =>
  Array.isArray(value) ? value.filter((key): key is string => typeof key === "string") : [];
