import { type EntityName, LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordActivity } from "~/server/audit/activity.server";
import { scopeToProject } from "~/server/db/project-scope";
import type { TransitionBlock, TransitionRefusal, TransitionRow, Workflow } from "./transition-table";

/** Why a step did not run: the table's reasons, the record gone, an unconfirmed confirm-step, or the caller's own. */
export type WorkflowStepRefusal<Custom extends string = never> =
  | TransitionRefusal
  | "not-found"
  | "unconfirmed"
  | Custom;

export type WorkflowStepOf<S, R> = { from: S; to: S | null; row: R };

export type WorkflowStepResult<E, S, R, Extra, Custom extends string = never> =
  | { ok: true; record: E; from: S; to: S | null; row: R; extra: Extra }
  | { ok: false; reason: WorkflowStepRefusal<Custom>; block?: TransitionBlock | null };

/** The activity entry of a step: by default "status-changed" from the old state to the new, with the action and reason. */
export type StepActivity = {
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

export type WorkflowStepRequest<
  E extends object,
  S,
  A extends string,
  R extends TransitionRow<S, A>,
  Extra = undefined,
  Custom extends string = never,
> = {
  em: EntityManager;
  entity: EntityName<E>;
  id: string;
  projectId: string;
  workflow: Workflow<S, A, R>;
  action: A;
  /** What the user is granted (the guard's set); super admins pass every key. */
  granted: ReadonlySet<string>;
  input?: { comment?: string | null; confirmed?: boolean };
  actorId: string | null;
  /** The record's state as the table knows it. */
  stateOf(record: E): S;
  /**
   * A check of the step beyond the table, made on the locked record before anything changes (a review link
   * still valid, a record the step needs): a refusal reason, or null to go on.
   */
  check?(tx: EntityManager, record: E): Promise<Custom | null> | Custom | null;
  /** What the table's guards check (transition-table TransitionGuard), read on the locked record. */
  facts?(tx: EntityManager, record: E): unknown;
  /** The parts the user plays on the locked record (its raiser, its assignee…), for rows that name a party. */
  parties?(record: E): ReadonlySet<string>;
  /**
   * Writes the step on the locked record: the new state and what the step records with it (dates, a review,
   * a link). Not called for a step to null: the engine removes the record.
   */
  apply?(tx: EntityManager, record: E, step: WorkflowStepOf<S, R> & { to: S }): Extra | Promise<Extra>;
  activity: {
    entityType: string;
    /** Fields to remember as they were before the step (given to entry), e.g. a revision the step raises. */
    snapshot?(record: E): Record<string, unknown>;
    /** Replaces the default entry (status-changed, the states before and after, action and reason). */
    entry?(
      record: E,
      step: WorkflowStepOf<S, R>,
      extra: Extra | undefined,
      before: Record<string, unknown>,
    ): StepActivity;
  };
  /** Runs after the commit, never inside it (mail is a network call): tells the step's audience. */
  notify?(record: E, step: WorkflowStepOf<S, R>, extra: Extra): Promise<unknown>;
};

/** A state as activity fields: an object state's fields, or `{ status }` for a plain state. */
function stateFields(state: unknown): Record<string, unknown> {
  if (state === null || state === undefined) return {};
  return typeof state === "object" ? { ...(state as Record<string, unknown>) } : { status: state };
}

function defaultActivity<S, R extends TransitionRow<S, string>>(
  step: WorkflowStepOf<S, R>,
  comment: string | null,
): StepActivity {
  return {
    action: step.to === null ? "deleted" : "status-changed",
    before: stateFields(step.from),
    after: { ...stateFields(step.to), action: step.row.action, comment },
  };
}

/**
 * Runs one workflow step, the one way every module does it: in one transaction, re-reads the record under
 * a row lock (two people acting at once cannot both move it from the same state), asks the table whether
 * the step exists from this state, whether the user holds its permission and has given a required reason
 * or confirmation, applies it, and writes the activity entry; after the commit, tells the step's audience.
 * Expected refusals come back as typed reasons for the screen, never as exceptions.
 */
export async function runWorkflowStep<
  E extends object,
  S,
  A extends string,
  R extends TransitionRow<S, A>,
  Extra = undefined,
  Custom extends string = never,
>(
  request: WorkflowStepRequest<E, S, A, R, Extra, Custom>,
): Promise<WorkflowStepResult<E, S, R, Extra, Custom>> {
  const comment = request.input?.comment?.trim() || null;
  const outcome = await request.em.transactional(
    async (transaction): Promise<WorkflowStepResult<E, S, R, Extra, Custom>> => {
      // The step's reads are the project's only, whatever manager the caller holds.
      const tx = scopeToProject(transaction, request.projectId);
      const record = await tx.findOne(
        request.entity,
        { id: request.id, project: request.projectId } as never,
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!record) return { ok: false, reason: "not-found" };
      const refusal = (await request.check?.(tx, record)) ?? null;
      if (refusal) return { ok: false, reason: refusal };
      const from = request.stateOf(record);
      const facts = request.facts ? await request.facts(tx, record) : undefined;
      const parties = request.parties?.(record);
      const result = request.workflow.apply(from, request.action, request.granted, {
        comment,
        facts,
        parties,
      });
      if (!result.ok)
        return result.reason === "guard-refused"
          ? { ok: false, reason: result.reason, block: result.block }
          : { ok: false, reason: result.reason };
      if (result.row.confirm && !request.input?.confirmed) return { ok: false, reason: "unconfirmed" };
      const step: WorkflowStepOf<S, R> = { from, to: result.to, row: result.row };
      const before = request.activity.snapshot?.(record) ?? {};
      // The entry is described before a removal, while the record's fields can still be read.
      const entryOf = (extra: Extra | undefined) =>
        request.activity.entry?.(record, step, extra, before) ?? defaultActivity(step, comment);
      let extra: Extra | undefined;
      if (result.to === null) {
        const entry = entryOf(undefined);
        tx.remove(record);
        recordActivity(tx, activityEntry(request, entry));
      } else {
        extra = await request.apply?.(tx, record, { ...step, to: result.to });
        recordActivity(tx, activityEntry(request, entryOf(extra)));
      }
      return { ok: true, record, from, to: result.to, row: result.row, extra: extra as Extra };
    },
  );
  if (outcome.ok && request.notify)
    await request.notify(
      outcome.record,
      { from: outcome.from, to: outcome.to, row: outcome.row },
      outcome.extra,
    );
  return outcome;
}

function activityEntry(
  request: { projectId: string; actorId: string | null; id: string; activity: { entityType: string } },
  entry: StepActivity,
) {
  return {
    projectId: request.projectId,
    actorId: request.actorId,
    entityType: request.activity.entityType,
    entityId: request.id,
    ...entry,
  };
}
