import { describe, expect, it } from "vitest";
import { registry } from "~/server/registry";
import { ITP_WORKFLOW_PERMISSIONS } from "../domain/itp-workflow";
import { LOT_WORKFLOW_PERMISSIONS } from "../domain/lot-workflow";

describe("quality permissions", () => {
  it("declares every permission its workflow tables ask for", () => {
    const declared = registry().permissionKeys;
    const missing = [...LOT_WORKFLOW_PERMISSIONS, ...ITP_WORKFLOW_PERMISSIONS].filter(
      (key) => !declared.has(key),
    );
    expect(missing).toEqual([]);
  });
});
