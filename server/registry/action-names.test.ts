import { describe, expect, it } from "vitest";
import { editorTree } from "~/server/admin/role-rules";
import { appliesToRegion } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import { actionDisplayName } from "./manifest";

describe("permission action names (the role editor's checkboxes)", () => {
  it("reads a spec 6 code as words", () => {
    expect(actionDisplayName("lot-reopen-cancel")).toBe("Lot reopen cancel");
    expect(actionDisplayName("qa-review")).toBe("QA review");
    expect(actionDisplayName("lot-dti-sign")).toBe("Lot DTI sign");
    expect(actionDisplayName("view-notification-settings")).toBe("View notification settings");
    expect(actionDisplayName("audit_create")).toBe("Audit create");
  });

  it("gives every checkbox of the role editor a name, never a code", () => {
    const names = editorTree(registry().permissionTree).flatMap((module) =>
      module.groups.flatMap((group) => group.actions.map((action) => action.displayName)),
    );
    expect(names).toContain("Lot reopen cancel");
    expect(names).toContain("Update status");
    for (const name of names) expect(name, name).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
  });

  it("keeps spec 6's region rule for names read from codes", () => {
    const action = (key: string) => ({
      key: `safety.meeting.${key}`,
      name: key,
      displayName: actionDisplayName(key),
      status: "modifiable" as const,
    });
    expect(appliesToRegion(action("pre-start-talk-view"), "non-AU")).toBe(false);
    expect(appliesToRegion(action("pre-start-talk-view"), "AU")).toBe(true);
    expect(appliesToRegion(action("ptt-view"), "AU")).toBe(false);
  });
});
