import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { PermissionAction, PermissionModule } from "~/server/registry/registry";
import {
  actionLabels,
  editorTree,
  keptHiddenKeys,
  keysForLevel,
  levelOf,
  readRoleListQuery,
  resolveSelection,
  roleActivityChanges,
  roleFormSchema,
  sameRoleName,
  sanitizeKeys,
  selectionState,
} from "./role-rules";

const action = (
  prefix: string,
  name: string,
  status: PermissionAction["status"] = "modifiable",
  displayName = name,
): PermissionAction => ({ key: `${prefix}.${name}`, name, displayName, status });

const tree: PermissionModule[] = [
  {
    name: "safety",
    displayName: "Safety",
    type: "SUB_MODULE",
    actions: [action("safety", "home-view", "always_true")],
    subModules: [
      {
        name: "meetings",
        displayName: "Meetings",
        actions: [
          action("safety.meetings", "ptt-view"),
          action("safety.meetings", "ptt-delete"),
          action("safety.meetings", "pre-start-talk-view"),
          action("safety.meetings", "pre-start-talk-create"),
          action("safety.meetings", "toolbox-talk-view"),
        ],
      },
      {
        name: "actions",
        displayName: "Actions",
        actions: [
          action("safety.actions", "view"),
          action("safety.actions", "create"),
          action("safety.actions", "unlock", "always_false"),
          action("safety.actions", "audit", "hidden"),
        ],
      },
    ],
  },
  {
    name: "home",
    displayName: "Home",
    type: "ACTION",
    actions: [action("home", "view", "always_true"), action("home", "secret", "always_false")],
    subModules: [],
  },
  {
    name: "global-settings",
    displayName: "Global Settings",
    type: "SUB_MODULE",
    actions: [],
    subModules: [
      {
        name: "roles",
        displayName: "Roles",
        actions: [
          action("global-settings.roles", "view-global"),
          action("global-settings.roles", "edit-global"),
        ],
      },
    ],
  },
];

const modules = editorTree(tree);
const moduleNamed = (name: string, list = modules) => list.find((module) => module.name === name)!;
const safety = moduleNamed("safety");
const keysOf = (module = safety) => module.groups.flatMap((group) => group.actions.map((a) => a.key));

describe("the editor's tree", () => {
  it("drops hidden actions and keeps locked ones to show them", () => {
    expect(keysOf()).not.toContain("safety.actions.audit");
    expect(keysOf()).toEqual(expect.arrayContaining(["safety.home-view", "safety.actions.unlock"]));
    expect(safety.groups.map((group) => group.displayName)).toEqual(["Safety", "Meetings", "Actions"]);
  });

  it("shows a project module's global sub-modules to product roles, not to a project's (ACC) roles", () => {
    const rostering = {
      name: "rostering",
      displayName: "Rostering",
      type: "SUB_MODULE" as const,
      actions: [],
      subModules: [
        {
          name: "accommodation",
          displayName: "Accommodation",
          actions: [action("rostering.accommodation", "view")],
        },
        {
          name: "shared-accommodation",
          displayName: "Shared accommodation",
          actions: [action("rostering.shared-accommodation", "view-global")],
          global: true as const,
        },
      ],
    };
    const groups = (options = {}) =>
      editorTree([rostering], options).flatMap((module) => module.groups.map((group) => group.name));
    expect(groups()).toEqual(["accommodation", "shared-accommodation"]);
    expect(groups({ projectOnly: true })).toEqual(["accommodation"]);
  });

  it("keeps only the chosen modules", () => {
    const only = editorTree(tree, { moduleNames: new Set(["home", "safety"]) });
    expect(only.map((module) => module.name)).toEqual(["safety", "home"]);
  });

  it("removes 'ptt' actions in an AU project and 'pre-start-talk' ones elsewhere (spec 6)", () => {
    const au = keysOf(moduleNamed("safety", editorTree(tree, { region: "AU" })));
    expect(au).not.toContain("safety.meetings.ptt-view");
    expect(au).not.toContain("safety.meetings.ptt-delete");
    expect(au).toContain("safety.meetings.pre-start-talk-view");
    const elsewhere = keysOf(moduleNamed("safety", editorTree(tree, { region: "non-AU" })));
    expect(elsewhere).toContain("safety.meetings.ptt-view");
    expect(elsewhere).not.toContain("safety.meetings.pre-start-talk-create");
    expect(elsewhere).toContain("safety.meetings.toolbox-talk-view");
  });
});

describe("access levels", () => {
  it("Full selects every modifiable action, never a locked one", () => {
    expect(keysForLevel(safety, "full")).toEqual([
      "safety.meetings.ptt-view",
      "safety.meetings.ptt-delete",
      "safety.meetings.pre-start-talk-view",
      "safety.meetings.pre-start-talk-create",
      "safety.meetings.toolbox-talk-view",
      "safety.actions.view",
      "safety.actions.create",
    ]);
  });

  it("View only selects the view-type actions, No access none, Limited the user's own", () => {
    expect(keysForLevel(safety, "view")).toEqual([
      "safety.meetings.ptt-view",
      "safety.meetings.pre-start-talk-view",
      "safety.meetings.toolbox-talk-view",
      "safety.actions.view",
    ]);
    expect(keysForLevel(safety, "none")).toEqual([]);
    expect(keysForLevel(safety, "limited", ["safety.actions.create", "safety.home-view", "other.x"])).toEqual(
      ["safety.actions.create"],
    );
  });

  it("reads the level back from a selection", () => {
    expect(levelOf(safety, new Set(keysForLevel(safety, "full")))).toBe("full");
    expect(levelOf(safety, new Set(keysForLevel(safety, "view")))).toBe("view");
    expect(levelOf(safety, new Set())).toBe("none");
    expect(levelOf(safety, new Set(["safety.actions.create"]))).toBe("limited");
  });

  it("calls a module whose actions are all views Full when all are chosen", () => {
    const roles = moduleNamed("global-settings");
    expect(levelOf(roles, new Set(["global-settings.roles.view-global"]))).toBe("view");
    const [rolesSub] = tree[2].subModules;
    const [viewsOnly] = editorTree([
      { ...tree[2], subModules: [{ ...rolesSub, actions: [rolesSub.actions[0]] }] },
    ]);
    expect(levelOf(viewsOnly, new Set(["global-settings.roles.view-global"]))).toBe("full");
  });
});

describe("selection states", () => {
  it("is FULL, LACK or EMPTY by how many modifiable actions are chosen", () => {
    expect(selectionState(safety, new Set(keysForLevel(safety, "full")))).toBe("FULL");
    expect(selectionState(safety, new Set(["safety.actions.view"]))).toBe("LACK");
    expect(selectionState(safety, new Set(["safety.home-view"]))).toBe("EMPTY");
  });

  it("is WAIT for a module with nothing to decide (all its actions locked)", () => {
    expect(selectionState(moduleNamed("home"), new Set())).toBe("WAIT");
    expect(levelOf(moduleNamed("home"), new Set())).toBe("none");
  });
});

describe("posted selections", () => {
  it("keeps only the tree's modifiable keys", () => {
    expect(
      sanitizeKeys(modules, [
        "safety.actions.view",
        "safety.actions.view",
        "safety.actions.unlock",
        "safety.actions.audit",
        "home.view",
        "made.up.key",
      ]),
    ).toEqual(["safety.actions.view"]);
  });

  it("applies a level radio the user moved, whatever the checkboxes say (no JavaScript)", () => {
    const keys = resolveSelection(modules, {
      level: { safety: "view", "global-settings": "none" },
      initialLevel: { safety: "none", "global-settings": "none" },
      actions: ["safety.actions.create", "global-settings.roles.edit-global"],
    });
    expect(keys).toEqual([
      "global-settings.roles.edit-global",
      "safety.actions.view",
      "safety.meetings.pre-start-talk-view",
      "safety.meetings.ptt-view",
      "safety.meetings.toolbox-talk-view",
    ]);
  });

  it("uses the checkboxes for Limited and for a radio left as it was", () => {
    const keys = resolveSelection(modules, {
      level: { safety: "limited", "global-settings": "full" },
      initialLevel: { safety: "full", "global-settings": "full" },
      actions: ["safety.actions.create", "global-settings.roles.view-global", "made.up"],
    });
    expect(keys).toEqual(["global-settings.roles.view-global", "safety.actions.create"]);
  });

  it("keeps the hidden keys a role already had, in its region", () => {
    expect(keptHiddenKeys(tree, ["safety.actions.audit", "safety.actions.view", "gone.key"])).toEqual([
      "safety.actions.audit",
    ]);
    expect(keptHiddenKeys(tree, ["safety.actions.audit"], { moduleNames: new Set(["home"]) })).toEqual([]);
  });
});

describe("the role form", () => {
  const form = (entries: [string, string][]) => {
    const formData = new FormData();
    for (const [name, value] of entries) formData.append(name, value);
    return formData;
  };
  const parse = (entries: [string, string][], confirmationNeeded = true) =>
    parseWithZod(form(entries), { schema: roleFormSchema(modules, { confirmationNeeded }) });

  it("needs a name of at most 120 characters and a permission, all reported at once", () => {
    const empty = parse([]).reply();
    expect(empty.error).toEqual({
      name: ["common:validation.required"],
      actions: ["roles:validation.selectPermission"],
    });
    const long = parse([
      ["name", "x".repeat(121)],
      ["actions", "safety.actions.view"],
    ]).reply();
    expect(long.error).toEqual({ name: ["common:validation.maxLength?length=120"] });
  });

  it("does not count unknown or locked keys as a permission", () => {
    const result = parse([
      ["name", "Viewer"],
      ["actions", "made.up"],
      ["actions", "home.view"],
    ]).reply();
    expect(result.error).toEqual({ actions: ["roles:validation.selectPermission"] });
  });

  it("asks to confirm full access unless the role already had it", () => {
    const unconfirmed = parse([
      ["name", "Admin"],
      ["fullAccess", "on"],
    ]).reply();
    expect(unconfirmed.error).toEqual({ confirmFullAccess: ["roles:validation.confirmFullAccess"] });
    const confirmed = parse([
      ["name", " Admin "],
      ["fullAccess", "on"],
      ["confirmFullAccess", "on"],
      ["actions", "safety.actions.view"],
    ]);
    expect(confirmed.status === "success" && confirmed.value).toEqual({
      name: "Admin",
      fullAccess: true,
      grantedActions: [],
    });
    expect(
      parse(
        [
          ["name", "Admin"],
          ["fullAccess", "on"],
        ],
        false,
      ).status,
    ).toBe("success");
  });
});

describe("names, list and log", () => {
  it("compares names without case or surrounding spaces", () => {
    expect(sameRoleName(" Site Engineer", "site engineer ")).toBe(true);
    expect(sameRoleName("Site Engineer", "Site Engineers")).toBe(false);
  });

  it("reads the list's query", () => {
    expect(readRoleListQuery(new URLSearchParams("q=%20eng%20&sort=updatedAt&dir=desc"))).toEqual({
      q: "eng",
      sort: "updatedAt",
      dir: "desc",
    });
    expect(readRoleListQuery(new URLSearchParams("sort=grantedActions"))).toEqual({
      q: "",
      sort: "name",
      dir: "asc",
    });
  });

  it("describes an update as the fields changed and the permissions added and removed", () => {
    const changes = roleActivityChanges(
      actionLabels(tree),
      { name: "Viewer", grantedActions: ["safety.actions.view", "gone.key"] },
      { name: "Safety viewer", grantedActions: ["safety.actions.view", "safety.actions.create"] },
    );
    expect(changes).toEqual([
      { field: "name", before: "Viewer", after: "Safety viewer" },
      { field: "grantedActions", added: ["Safety / Actions: create"], removed: ["gone.key"] },
    ]);
  });
});
