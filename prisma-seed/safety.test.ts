import { describe, expect, it } from "vitest";
import { SafetyAction, SafetyActionComment, SafetyActionWatcher } from "~/modules/safety/entities";
import { ActivityLog, Attachment, ProjectMember } from "~/server/db/entities";
import { grantedKeys, projectRegion } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("safety demo data", () => {
  it("has an action in every state with its steps logged, watchers, comments and one with evidence", async () => {
    await seedDemoData(db.em);
    const actions = await db.em.find(SafetyAction, {}, { filters: false, orderBy: { sequence: "asc" } });
    expect(actions.map((action) => [action.number, action.status])).toEqual([
      ["ACT-0001", "open"],
      ["ACT-0002", "in_progress"],
      ["ACT-0003", "completed"],
      ["ACT-0004", "closed"],
      ["ACT-0005", "open"],
    ]);
    const steps = await db.em.count(
      ActivityLog,
      { entityType: "safety-action", action: "status-changed" },
      { filters: false },
    );
    expect(steps).toBe(11);
    expect(await db.em.count(SafetyActionComment, {}, { filters: false })).toBe(3);
    expect(await db.em.count(SafetyActionWatcher, {}, { filters: false })).toBe(2);
    expect(
      await db.em.count(
        Attachment,
        { entityType: "safety-action", entityId: actions[0].id },
        { filters: false },
      ),
    ).toBe(1);
  });

  it("gives the site team the actions' daily work and the HSSE manager the managing of every action", async () => {
    await seedDemoData(db.em);
    const members = await db.em.find(
      ProjectMember,
      { project: { number: "NBU-2026" } },
      { populate: ["user", "role", "project"] },
    );
    const grantsOf = (who: string) => {
      const member = members.find((m) => m.user.email === `${who}@siteproof.test`)!;
      const role = member.role
        ? { fullAccess: member.role.fullAccess, grantedActions: member.role.grantedActions }
        : null;
      const keys = grantedKeys(
        registry().projectPermissionKeys,
        role,
        projectRegion(member.project.language),
      );
      return [...keys].filter((key) => key.startsWith("safety.")).sort();
    };
    expect(grantsOf("engineer")).toEqual([
      "safety.actions.close",
      "safety.actions.create",
      "safety.actions.edit",
      "safety.actions.update-status",
      "safety.actions.view",
    ]);
    // Every safety permission, however many the module declares (each area of the module adds its own).
    const safetyKeys = [...registry().projectPermissionKeys.keys()].filter((key) =>
      key.startsWith("safety."),
    );
    expect(safetyKeys.length).toBeGreaterThanOrEqual(11);
    expect(grantsOf("hsse")).toEqual(safetyKeys.sort());
    expect(grantsOf("viewer")).toEqual(["safety.actions.view"]);
  });
});
