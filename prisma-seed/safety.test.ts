import { describe, expect, it } from "vitest";
import {
  SafetyAction,
  SafetyActionComment,
  SafetyActionWatcher,
  SafetyIncident,
  SafetyIncidentDrugTest,
  SafetyIncidentEvent,
  SafetyIncidentFactor,
  SafetyIncidentInjuredPerson,
  SafetyIncidentVictim,
  SafetyIncidentWitness,
} from "~/modules/safety/entities";
import { ActivityLog, Attachment, ProjectMember } from "~/server/db/entities";
import { grantedKeys, projectRegion } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("safety demo data", () => {
  it("has an action in every state with its steps logged, watchers, comments and one with evidence", async () => {
    await seedDemoData(db.em);
    const actions = await db.em.find(
      SafetyAction,
      // The incident's corrective actions are counted with the incidents.
      { sourceType: null },
      { filters: false, orderBy: { sequence: "asc" } },
    );
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
      "safety.incidents.create",
      "safety.incidents.edit",
      "safety.incidents.update-status",
      "safety.incidents.view",
    ]);
    expect(grantsOf("hsse")).toHaveLength(9 + 13);
    expect(grantsOf("viewer")).toEqual(["safety.actions.view", "safety.incidents.view"]);
  });

  it("has six incidents across every state; the closed one complete, its corrective actions raised as actions", async () => {
    await seedDemoData(db.em);
    const incidents = await db.em.find(SafetyIncident, {}, { filters: false, orderBy: { sequence: "asc" } });
    expect(incidents.map((incident) => [incident.number, incident.status, incident.locked])).toEqual([
      ["INC-0001", "RAISED", false],
      ["INC-0002", "EVALUATION_BY_SHE_PERSONNEL", false],
      ["INC-0003", "INVESTIGATION", false],
      ["INC-0004", "SIGN_OFF", false],
      ["INC-0005", "CLOSED", true],
      ["INC-0006", "INVESTIGATION", false],
    ]);
    const closed = { incident: incidents[4].id };
    const count = (entity: any, where = closed) => db.em.count(entity, where as never, { filters: false });
    expect(await count(SafetyIncidentInjuredPerson)).toBe(1);
    expect(await count(SafetyIncidentWitness)).toBe(2);
    expect(await count(SafetyIncidentDrugTest)).toBe(1);
    expect(await count(SafetyIncidentEvent)).toBe(4);
    expect(await count(SafetyIncidentFactor)).toBe(5);
    expect(await count(SafetyIncidentVictim, { incident: incidents[5].id })).toBe(1);
    const raised = await db.em.find(SafetyAction, { sourceId: incidents[4].id }, { filters: false });
    expect(raised.map((action) => action.sourceType)).toEqual(["incident", "incident"]);
    const steps = await db.em.count(
      ActivityLog,
      { entityType: "safety-incident", action: "status-changed" },
      { filters: false },
    );
    // 0 + 1 + 2 + 3 + 4 + 2 steps walked.
    expect(steps).toBe(12);
  });
});
