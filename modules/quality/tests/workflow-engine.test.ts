/**
 * The core's workflow engine (server/workflow/workflow-step.server.ts) as every module uses it, shown on the
 * lot table: one transaction, the row locked, the table's refusals typed, the activity entry, the audience
 * told after the commit only.
 */
import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { type LotAction, type LotState, lotWorkflow } from "../domain/lot-workflow";
import { type ILot, Lot } from "../entities";
import { makeLot } from "./reports-fixtures";

const db = setupTestDatabase();

const GRANTED = new Set(lotWorkflow.permissions);

async function lotInProject() {
  const project = await createProject(db.em);
  const actor = await createUser(db.em);
  const lot = await makeLot(db.em, project, { status: "active" });
  return { project, actor, lot };
}

function step(
  lot: ILot,
  projectId: string,
  actorId: string,
  action: LotAction,
  extra: { told?: string[]; check?: () => "on-hold" | null; comment?: string } = {},
) {
  return runWorkflowStep({
    em: db.em,
    entity: Lot,
    id: lot.id,
    projectId,
    workflow: lotWorkflow,
    action,
    granted: GRANTED,
    input: { comment: extra.comment },
    actorId,
    stateOf: (record: ILot): LotState => ({ status: record.status, subStatus: record.subStatus ?? null }),
    check: extra.check,
    apply(tx, record, { to }) {
      tx.assign(record, to);
    },
    activity: { entityType: "lot" },
    notify: async (record, { to }) => {
      extra.told?.push(`${record.number} → ${to?.status}/${to?.subStatus}`);
    },
  });
}

const entriesOf = (lotId: string) =>
  db.em.find(ActivityLog, { entityType: "lot", entityId: lotId }, { orderBy: { createdAt: "asc" } });

describe("the workflow engine", () => {
  it("applies a step, writes the activity entry in the table's words, then tells the audience", async () => {
    const { project, actor, lot } = await lotInProject();
    const told: string[] = [];
    const result = await step(lot, project.id, actor.id, "mark_records_complete", { told });
    expect(result).toMatchObject({
      ok: true,
      from: { status: "active", subStatus: "work_started" },
      to: { status: "active", subStatus: "completed_pending_records" },
    });
    expect(told).toEqual([`${lot.number} → active/completed_pending_records`]);
    const [entry] = await entriesOf(lot.id);
    expect(entry).toMatchObject({
      action: "status-changed",
      before: { status: "active", subStatus: "work_started" },
      after: {
        status: "active",
        subStatus: "completed_pending_records",
        action: "mark_records_complete",
        comment: null,
      },
    });
  });

  it("returns the table's refusals typed, changes nothing and tells nobody", async () => {
    const { project, actor, lot } = await lotInProject();
    const told: string[] = [];
    expect(await step(lot, project.id, actor.id, "close", { told })).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    expect(await step(lot, project.id, actor.id, "on_hold" as LotAction, { told })).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    expect(
      await step(lot, project.id, actor.id, "mark_records_complete", { told, check: () => "on-hold" }),
    ).toEqual({ ok: false, reason: "on-hold" });
    const other = await createProject(db.em);
    expect(await step(lot, other.id, actor.id, "mark_records_complete", { told })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(told).toEqual([]);
    expect(await entriesOf(lot.id)).toEqual([]);
    const fresh = await db.em.findOneOrFail(Lot, lot.id, { filters: false });
    expect(fresh.subStatus).toBe("work_started");
  });

  it("lets only one of two people moving the same lot at once win", async () => {
    const { project, actor, lot } = await lotInProject();
    const [first, second] = await Promise.all([
      step(lot, project.id, actor.id, "mark_records_complete"),
      step(lot, project.id, actor.id, "mark_records_complete"),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect([first, second].find((result) => !result.ok)).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    expect(await entriesOf(lot.id)).toHaveLength(1);
  });
});
