import { describe, expect, expectTypeOf, it } from "vitest";
import type { ProjectContext } from "./guard.server";
import type { PermissionKey, PermissionRef } from "./keys";

describe("permission keys as types", () => {
  it("accepts every declared key and refuses an unknown one at compile time", () => {
    expectTypeOf<"quality.lot.view">().toExtend<PermissionKey>();
    expectTypeOf<"global-settings.members.view-global">().toExtend<PermissionKey>();
    expectTypeOf<"project-settings.members.invite">().toExtend<PermissionKey>();
    expectTypeOf<"quality.lot.fly">().not.toExtend<PermissionKey>();
    expectTypeOf<string>().not.toExtend<PermissionKey>();

    // The guard's can() takes only declared keys: each line below must be a type error (tsc checks it).
    const typeChecksOnly = (can: ProjectContext["can"], ref: PermissionRef) => {
      // @ts-expect-error an unknown action of a known sub-module
      can("quality.lot.fly");
      // @ts-expect-error a typo in the sub-module
      can("quality.lots.view");
      // @ts-expect-error one unknown key in a list
      can(["quality.lot.view", "quality.itp.veiw"]);
      return can(ref) && can(["quality.lot.view", "quality.itp.view"]);
    };
    expect(typeof typeChecksOnly).toBe("function");
  });
});
