import type { EntityManager } from "@mikro-orm/postgresql";
import { AccCostNotConnectedError, accCostClientFor, type ExpenseToPost } from "~/plugins/acc/index.server";
import { projectAccCost } from "~/server/acc/cost-connection.server";
import { recordActivity } from "~/server/audit/activity.server";
import { JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { isUuid } from "~/server/http/responses";
import { defineJob, enqueueJob } from "~/server/jobs/jobs.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { DOCKET_ENTITY_TYPE, docketPostingState } from "../domain/docket-posting-state";
import { DOCKET_PERMISSIONS, type DocketStatus, docketWorkflow } from "../domain/docket-workflow";
import { Docket, DocketItem, type IDocket, type IDocketItem } from "../entities";

/**
 * Posting approved dockets to ACC Cost Management (README "Posting"). A form only queues: it marks the dockets
 * asked (`postRequestedAt`) and enqueues one job for them; the job posts each docket as an ACC expense with its
 * items through the ACC client — which finds what an earlier run made by `externalId`, so a retry never posts
 * twice — and only once ACC answered, stores ACC's ids and takes the workflow's `post` step in one
 * transaction. A docket whose post fails stays approved with the failure in `postError`; one docket's failure
 * never touches another's.
 */

const P = DOCKET_PERMISSIONS;

/** What a docket records when the job finds no connection (the panel never offers posting then). */
export const NOT_CONNECTED_ERROR = "ACC Cost Management is not connected";

type PostingPayload = { docketIds: string[] };

/** The expense ACC gets for a docket: its id and each item's id as externalIds (the client's idempotency). */
export function expenseOf(docket: IDocket, items: readonly IDocketItem[]): ExpenseToPost {
  const supplierName = docket.company?.name ?? "";
  return {
    externalId: docket.id,
    number: docket.number,
    name: [docket.number, docket.task].filter(Boolean).join(" "),
    description: docket.comments ?? undefined,
    supplierName,
    referenceNumber: docket.poNumber ?? undefined,
    items: items.map((item) => {
      const costAccount = item.costAccount ?? docket.costAccount;
      return {
        externalId: item.id,
        name: `${item.code} ${item.title}`.trim(),
        quantity: String(item.quantity),
        unit: item.unitOfMeasure,
        unitCostCents: Number(item.unitPriceCents),
        amountCents: Number(item.amountCents),
        ...(costAccount ? { costAccountCode: costAccount } : {}),
      };
    }),
  };
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || "ACC did not answer";

/** Records why a docket did not post; it stays approved, so it may be posted again. */
async function recordFailure(em: EntityManager, docketId: string, message: string, actorId: string | null) {
  await em.transactional(async (tx) => {
    const docket = await tx.findOne(Docket, docketId);
    if (docket?.status !== "approved") return;
    docket.postError = message;
    recordActivity(tx, {
      projectId: docket.project.id,
      actorId,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: docket.id,
      action: "post-failed",
      after: { error: message },
    });
  });
}

export type PostOutcome = "posted" | "failed" | "skipped";

/**
 * Posts one docket (the job's work for each of its dockets). Skipped when it is no longer approved (posted by
 * an earlier run, or moved on); failed — with the reason recorded — when ACC is not connected or refuses.
 */
export async function postDocket(
  manager: EntityManager,
  projectId: string,
  docketId: string,
  actorId: string | null,
): Promise<PostOutcome> {
  const em = scopeToProject(manager.fork(), projectId);
  const docket = await em.findOne(Docket, { id: docketId, project: projectId }, { populate: ["company"] });
  if (docket?.status !== "approved") return "skipped";
  const { settings, status } = await projectAccCost(em, projectId);
  if (!status.connected) {
    await recordFailure(em, docket.id, NOT_CONNECTED_ERROR, actorId);
    return "failed";
  }
  const items = await em.find(DocketItem, { docket: docket.id }, { orderBy: { position: "asc", id: "asc" } });
  let posted: Awaited<ReturnType<ReturnType<typeof accCostClientFor>["client"]["postExpense"]>>;
  try {
    const { client, containerId } = accCostClientFor(settings);
    posted = await client.postExpense(containerId, expenseOf(docket, items));
  } catch (error) {
    await recordFailure(
      em,
      docket.id,
      error instanceof AccCostNotConnectedError ? NOT_CONNECTED_ERROR : messageOf(error),
      actorId,
    );
    return "failed";
  }
  const itemIds = new Map(posted.items.map((item) => [item.externalId, item.id]));
  // ACC confirmed: its ids and the step, together. The job runs for whoever asked, whose post permission the
  // form checked; the table still refuses a docket no longer approved.
  const step = await runWorkflowStep({
    em,
    entity: Docket,
    id: docket.id,
    projectId,
    workflow: docketWorkflow,
    action: "post",
    granted: new Set([P.post]),
    actorId,
    stateOf: (record) => record.status as DocketStatus,
    async apply(tx, record, { to }) {
      record.status = to;
      record.accExpenseId = posted.expenseId;
      record.postedAt = new Date();
      record.postError = null;
      const rows = await tx.find(DocketItem, { docket: record.id });
      for (const row of rows) row.accItemId = itemIds.get(row.id) ?? row.accItemId;
    },
    activity: {
      entityType: DOCKET_ENTITY_TYPE,
      entry: (_record, step) => ({
        action: "status-changed",
        before: { status: step.from },
        after: { status: step.to, action: "post", accExpenseId: posted.expenseId },
      }),
    },
  });
  return step.ok ? "posted" : "skipped";
}

/** The job: each docket of the batch on its own (a failure is that docket's), then the run's summary. */
export const docketPostingJob = defineJob<PostingPayload>(
  "dockets.post-to-acc",
  async ({ em, run, payload }) => {
    if (!run.project) throw new Error("Posting dockets belongs to a project");
    const projectId = run.project.id;
    const actorId = run.requestedBy?.id ?? null;
    const counts = { posted: 0, failed: 0, skipped: 0 };
    for (const id of payload.docketIds ?? []) counts[await postDocket(em, projectId, id, actorId)]++;
    if (counts.failed > 0)
      throw new Error(
        `${counts.failed} of ${payload.docketIds.length} dockets did not post; each keeps its reason and may be posted again`,
      );
    return counts;
  },
);

/** What a queued docket says when the run that took it ended without reaching it (and gave no reason). */
export const RUN_STOPPED_ERROR = "The posting job stopped before this docket was posted";

/**
 * The reason a docket still marked queued will never be posted: the run that took it failed or was cut off
 * (its process died: the job runner marks such a run failed) before it reached this docket, so the docket
 * itself recorded nothing. Null while its run is queued or running.
 */
async function strandingError(em: EntityManager, projectId: string, docket: IDocket) {
  if (docket.status !== "approved" || docket.postError !== null || docket.postRequestedAt === null)
    return null;
  const runs = await em.find(
    JobRun,
    {
      project: projectId,
      kind: docketPostingJob.kind,
      createdAt: { $gte: docket.postRequestedAt },
      status: { $in: ["failed", "completed"] },
    },
    { orderBy: { createdAt: "desc" }, limit: 20, fields: ["payload", "error"] },
  );
  const run = runs.find((row) =>
    (row.payload as Partial<PostingPayload> | null)?.docketIds?.includes(docket.id),
  );
  return run ? (run.error ?? RUN_STOPPED_ERROR) : null;
}

/** The dockets the form may queue: approved, and not waiting for a run that may still post them. */
async function queueable(em: EntityManager, projectId: string, docket: IDocket) {
  if (docket.status !== "approved") return false;
  if (docket.postError !== null || docket.postRequestedAt === null) return true;
  return (await strandingError(em, projectId, docket)) !== null;
}

/**
 * Queues the posting of these dockets (one job for the batch): refused when ACC is not connected or the user
 * may not post; answers how many were queued. Marks them first, then enqueues after the commit.
 */
export async function queuePosting(context: ProjectContext, docketIds: readonly string[]) {
  if (!context.can(P.post)) throw new Response("Forbidden", { status: 403 });
  const { em, project, user } = context;
  const { status } = await projectAccCost(em, project.id);
  if (!status.connected) return { queued: 0, connected: false } as const;
  const ids = docketIds.filter(isUuid);
  if (ids.length === 0) return { queued: 0, connected: true } as const;
  const marked = await em.transactional(async (tx) => {
    // Oldest first, so a batch posts in the order the register lists them.
    const dockets = await tx.find(
      Docket,
      { id: { $in: ids }, project: project.id, status: "approved" },
      { orderBy: { sequence: "asc" } },
    );
    const now = new Date();
    const chosen: IDocket[] = [];
    for (const docket of dockets) if (await queueable(tx, project.id, docket)) chosen.push(docket);
    for (const docket of chosen) {
      docket.postRequestedAt = now;
      docket.postError = null;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: DOCKET_ENTITY_TYPE,
        entityId: docket.id,
        action: "post-requested",
      });
    }
    return chosen.map((docket) => docket.id);
  });
  if (marked.length > 0)
    await enqueueJob(em, {
      kind: docketPostingJob,
      projectId: project.id,
      subject: marked.length === 1 ? { type: DOCKET_ENTITY_TYPE, id: marked[0] } : null,
      requestedBy: user.id,
      payload: { docketIds: marked },
    });
  return { queued: marked.length, connected: true } as const;
}

/** "Post all approved": every approved docket of the project not yet waiting, oldest first, in one job. */
export async function queueAllApproved(context: ProjectContext) {
  const dockets = await context.em.find(
    Docket,
    { project: context.project.id, status: "approved" },
    { fields: ["id"], orderBy: { sequence: "asc" } },
  );
  return queuePosting(
    context,
    dockets.map((docket) => docket.id),
  );
}

export type DocketPostingData = {
  docketId: string;
  number: string;
  canPost: boolean;
  posting: ReturnType<typeof docketPostingState>;
};

/** The posting panel's data for the details page (the docket as the page found it). */
export async function docketPostingData(
  context: ProjectContext,
  docket: IDocket,
): Promise<DocketPostingData> {
  const { status } = await projectAccCost(context.em, context.project.id);
  const stranded = await strandingError(context.em, context.project.id, docket);
  return {
    docketId: docket.id,
    number: docket.number,
    canPost: context.can(P.post) && status.connected,
    posting: docketPostingState(stranded ? { ...docket, postError: stranded } : docket, status.connected),
  };
}
