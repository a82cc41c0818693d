import { describe, expect, it } from "vitest";
import type { PermissionAction } from "~/server/registry/registry";
import { appliesToRegion, combineRoles, grantedKeys, isGranted } from "./grants";

const action = (
  key: string,
  status: PermissionAction["status"],
  displayName = key,
): [string, PermissionAction] => [key, { key, name: key.split(".").pop()!, displayName, status }];

const actions = new Map([
  action("safety.meeting.ptt-view", "modifiable", "ptt-view"),
  action("safety.meeting.pre-start-talk-view", "modifiable", "pre-start-talk-view"),
  action("quality.lot.view", "modifiable"),
  action("quality.lot.delete", "modifiable"),
  action("home.view", "always_true"),
  action("quality.lot.unlock", "always_false"),
  action("quality.lot.hidden", "hidden"),
]);

describe("granted actions", () => {
  it("grants always_true actions to everyone and never always_false ones", () => {
    const keys = grantedKeys(actions, { fullAccess: true, grantedActions: ["quality.lot.unlock"] }, "non-AU");
    expect(keys.has("home.view")).toBe(true);
    expect(keys.has("quality.lot.unlock")).toBe(false);
    expect(grantedKeys(actions, null, "non-AU")).toEqual(new Set(["home.view"]));
  });

  it("grants a modifiable action only when its key is in the role's set", () => {
    const keys = grantedKeys(actions, { fullAccess: false, grantedActions: ["quality.lot.view"] }, "non-AU");
    expect(keys.has("quality.lot.view")).toBe(true);
    expect(keys.has("quality.lot.delete")).toBe(false);
  });

  it("drops 'ptt' actions in an AU project and 'pre-start-talk' actions elsewhere (spec 6)", () => {
    const role = { fullAccess: true, grantedActions: [] };
    const au = grantedKeys(actions, role, "AU");
    const other = grantedKeys(actions, role, "non-AU");
    expect(au.has("safety.meeting.ptt-view")).toBe(false);
    expect(au.has("safety.meeting.pre-start-talk-view")).toBe(true);
    expect(other.has("safety.meeting.ptt-view")).toBe(true);
    expect(other.has("safety.meeting.pre-start-talk-view")).toBe(false);
  });

  it("reads the action's own code and name, not its module's or sub-module's", () => {
    // Spec 6 names HSSE's sub-module "ptt": its toolbox talk actions still apply in an AU project.
    const toolbox = { name: "toolbox-talk-view", displayName: "Toolbox talk view" };
    expect(appliesToRegion({ ...toolbox }, "AU")).toBe(true);
    expect(appliesToRegion({ ...toolbox }, "non-AU")).toBe(true);
    const full = grantedKeys(
      new Map([
        [
          "safety.ptt.toolbox-talk-view",
          { key: "safety.ptt.toolbox-talk-view", ...toolbox, status: "modifiable" as const },
        ],
      ]),
      { fullAccess: true, grantedActions: [] },
      "AU",
    );
    expect(full.has("safety.ptt.toolbox-talk-view")).toBe(true);
  });

  it("honours an action's own region", () => {
    const onlyAu: PermissionAction = {
      key: "x.y",
      name: "y",
      displayName: "y",
      status: "modifiable",
      region: "AU",
    };
    expect(appliesToRegion(onlyAu, "AU")).toBe(true);
    expect(appliesToRegion(onlyAu, "non-AU")).toBe(false);
  });

  it("checks one key or any of a list, and lets a super admin through", () => {
    const granted = new Set(["quality.lot.view"]);
    expect(isGranted(undefined, granted, false)).toBe(true);
    expect(isGranted("quality.lot.delete", granted, false)).toBe(false);
    expect(isGranted(["quality.lot.delete", "quality.lot.view"], granted, false)).toBe(true);
    expect(isGranted("quality.lot.delete", granted, true)).toBe(true);
  });
});

describe("product and ACC roles together", () => {
  it("grant what either grants", () => {
    const product = { fullAccess: false, grantedActions: ["quality.lot.view"] };
    const acc = { fullAccess: false, grantedActions: ["quality.lot.delete"] };
    const keys = grantedKeys(actions, combineRoles(product, acc), "non-AU");
    expect(keys.has("quality.lot.view")).toBe(true);
    expect(keys.has("quality.lot.delete")).toBe(true);
    expect(combineRoles(null, undefined)).toBeNull();
    expect(combineRoles(product, { fullAccess: true, grantedActions: [] })?.fullAccess).toBe(true);
  });
});
