import { describe, expect, it } from "vitest";
import { applyItpAction, type ItpAction, type ItpStatus } from "~/modules/quality/domain/itp-workflow";
import {
  applyLotAction,
  LOT_INITIAL_STATE,
  type LotAction,
  type LotState,
} from "~/modules/quality/domain/lot-workflow";
import { ProjectMember } from "~/server/db/entities";
import { grantedKeys, projectRegion } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

/** What each demo account may do in Northern Bridge Upgrade, as the guard computes it. */
async function demoGrants() {
  await seedDemoData(db.em);
  const members = await db.em.find(
    ProjectMember,
    { project: { number: "NBU-2026" } },
    { populate: ["user", "role", "project"] },
  );
  const byEmail = new Map<string, Set<string>>();
  for (const member of members) {
    const role = member.role
      ? { fullAccess: member.role.fullAccess, grantedActions: member.role.grantedActions }
      : null;
    byEmail.set(
      member.user.email.split("@")[0],
      grantedKeys(registry().projectPermissionKeys, role, projectRegion(member.project.language)),
    );
  }
  return (who: string) => {
    const granted = byEmail.get(who);
    if (!granted) throw new Error(`${who} is not a member of the demo bridge project`);
    return granted;
  };
}

// A reason for the steps that need one; no hold point holds the lot (the hold point guard has its own tests).
const CHECKED = {
  comment: "checked",
  facts: { holdingPoints: [], records: { activeItps: 1, items: [], itrs: 1 } },
};

describe("demo roles", () => {
  it("walk a lot from open to closed, each step allowed to exactly the roles whose job it is", async () => {
    const grantsOf = await demoGrants();
    const siteSteps: LotAction[] = ["start_work", "mark_records_complete", "submit_to_engineer"];
    // Who may run each step of the happy path; QA (Quality Manager) may step in anywhere but the client's decision.
    const steps: [LotAction, string[]][] = [
      ...siteSteps.map((action): [LotAction, string[]] => [action, ["engineer", "qa"]]),
      ["engineer_approve", ["projectengineer", "qa"]],
      ["qa_acknowledge", ["qa"]],
      ["qa_approve", ["qa"]],
      ["send_external_review", ["qa"]],
      ["external_approve", ["client"]],
      ["close", ["qa"]],
    ];
    const everyone = ["engineer", "projectengineer", "qa", "client", "viewer"];
    let state: LotState = LOT_INITIAL_STATE;
    for (const [action, allowed] of steps) {
      for (const who of everyone) {
        const result = applyLotAction(state, action, grantsOf(who), CHECKED);
        expect(result.ok, `${who} ${allowed.includes(who) ? "may" : "may not"} ${action}`).toBe(
          allowed.includes(who),
        );
      }
      const result = applyLotAction(state, action, grantsOf(allowed[0]), CHECKED);
      if (result.ok && result.to) state = result.to;
    }
    expect(state).toEqual({ status: "closed", subStatus: "external_approved" });
  });

  it("take an ITP through Quality's and the client's review", async () => {
    const grantsOf = await demoGrants();
    const steps: [ItpAction, string][] = [
      ["submit_for_review", "engineer"],
      ["internal_approve_send_external", "qa"],
      ["external_approve", "client"],
    ];
    let status: ItpStatus = "draft";
    for (const [action, who] of steps) {
      const result = applyItpAction(status, action, grantsOf(who));
      expect(result, `${who} runs ${action}`).toMatchObject({ ok: true });
      if (result.ok && result.to) status = result.to;
    }
    expect(status).toBe("active");
    expect(applyItpAction("external_review", "external_approve", grantsOf("engineer"))).toMatchObject({
      ok: false,
      reason: "missing-permission",
    });
  });
});
