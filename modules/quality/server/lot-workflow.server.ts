import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { redirectWithToast } from "~/server/http/toast.server";
import { refusedStepReply, type StepRefusalMessages } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { type LotAction, type LotState, lotWorkflow } from "../domain/lot-workflow";
import { LOT_ACTION_EVENTS } from "../domain/quality-notifications";
import { type ILot, Lot, Ncr } from "../entities";
import { LOT_STEPS_RUN_ELSEWHERE } from "./lot-frame.server";
import { lotFacts } from "./lot-gates.server";
import { isLotAction, LOT_PATH, lotPath, transitionSchema } from "./lot-rules";
import { LOT_ENTITY_TYPE, type LotPlace, today } from "./lots.server";
import { notifyQualityEvent } from "./quality-notifications.server";

/**
 * The lot workflow on the server: one action of the table in domain/lot-workflow.ts, run by the core's
 * workflow engine (the lot locked, the table checked, the activity entry written, in one transaction), with
 * the lot's side dates and the answer to the screen.
 */
type WorkflowAction = LotAction;

/** Spec 8's failure messages for the two actions that remove a lot from work. */
const FAILURE_TOASTS: Partial<Record<WorkflowAction, string>> = {
  delete: "quality:lot.toast.deleteFailed",
  cancel: "quality:lot.toast.cancelFailed",
};

const REFUSAL_MESSAGES = {
  "not-allowed-from-state": "quality:lot.errors.actionNotAllowed",
  "comment-required": "quality:lot.errors.commentRequired",
} as const;

/** A step taken through the client's lot review link (lot-review-link.server.ts) instead of by a member. */
export type LotStepVia = {
  /** Checked on the locked lot before the step: the link still open. */
  check(tx: EntityManager, lot: ILot): Promise<"link-not-valid" | null>;
  /** Written with the step, in its transaction (the link used up). */
  apply(tx: EntityManager, lot: ILot): Promise<void>;
  /** Added to the step's activity entry (which link, who decided). */
  activity: Record<string, unknown>;
  /** Where the client goes after the step. */
  done: string;
};

/**
 * Runs one workflow action on a lot (spec 4; the table is domain/lot-workflow.ts). The lot is read again
 * inside the transaction so two people acting at once cannot both move it from the same state. A missing
 * permission is a 403; a stale state, a missing reason or an unconfirmed confirm-row are form errors.
 */
export async function transitionLot(
  place: LotPlace,
  lotId: string,
  granted: ReadonlySet<string>,
  formData: FormData,
  via?: LotStepVia,
) {
  const submission = parseWithZod(formData, { schema: transitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action, comment, confirmed } = submission.value;
  const failureToast = FAILURE_TOASTS[action];
  const refusals: StepRefusalMessages<"open-ncrs" | "link-not-valid"> = {
    commentRequired: REFUSAL_MESSAGES["comment-required"],
    confirmRequired: "quality:lot.errors.confirmRequired",
    notAllowed: REFUSAL_MESSAGES["not-allowed-from-state"],
    custom: {
      "open-ncrs": "quality:lot.errors.openNcrs",
      "link-not-valid": "quality:hpWpClient.link.closedMessage",
    },
    lead: failureToast,
    // A records gate names the first thing missing and how many there are (the header lists them all).
    describeBlock({ message: key, params: all }) {
      const { count, ...params } = all ?? {};
      const more =
        typeof count === "number" && count > 1
          ? [message("quality:lot.gate.more", { count: count - 1 })]
          : [];
      return [message(key, params), ...more];
    },
  };
  if (LOT_STEPS_RUN_ELSEWHERE.has(action))
    return refusedStepReply(submission, { reason: "not-allowed-from-state" }, refusals);

  const outcome = await runWorkflowStep({
    em: place.em,
    entity: Lot,
    id: lotId,
    projectId: place.projectId,
    workflow: lotWorkflow,
    action,
    granted,
    input: { comment, confirmed },
    actorId: place.actorId,
    stateOf: (lot: ILot): LotState => ({ status: lot.status, subStatus: lot.subStatus ?? null }),
    // The table's guards (a hold point holding the lot, its records, its NCRs), read under the lot's lock.
    facts: (tx, lot) => lotFacts(tx, lot.id),
    // A non-conforming lot goes back to the engineer only once its NCRs are closed (the last one's close frees it).
    async check(tx, lot) {
      const linkRefusal = via ? await via.check(tx, lot) : null;
      if (linkRefusal) return linkRefusal;
      if (action !== "submit_to_engineer" || lot.status !== "non_conforming") return null;
      const open = await tx.count(Ncr, { lot: lot.id, status: { $in: ["in_progress", "in_review"] } });
      return open > 0 ? ("open-ncrs" as const) : null;
    },
    async apply(tx, lot, step) {
      tx.assign(lot, { ...step.to, ...sideDates(lot, action) });
      await via?.apply(tx, lot);
    },
    activity: {
      entityType: LOT_ENTITY_TYPE,
      entry: (lot, step) => ({
        action: step.to === null ? "deleted" : "status-changed",
        // A deleted lot's entry keeps its number and title: the log outlives the lot.
        before: step.to === null ? { ...step.from, number: lot.number, title: lot.title } : { ...step.from },
        after: { ...(step.to ?? {}), action, comment: comment ?? null, ...via?.activity },
      }),
    },
    // After the commit: the people of the lot's next step (domain/quality-notifications LOT_ACTION_EVENTS).
    notify: (lot) => notifyLotStep(place, lot, action, comment),
  });

  if (!outcome.ok) return refusedStepReply(submission, outcome, refusals);
  if (via) return redirect(via.done);
  if (outcome.to === null)
    return redirectWithToast(LOT_PATH, {
      type: "success",
      message: "quality:lot.toast.deleted",
      params: { number: outcome.record.number },
    });
  return redirectWithToast(lotPath(lotId), {
    type: "success",
    message: `quality:lot.toast.action.${action}`,
    params: { number: outcome.record.number },
  });
}

/** Tells the people of a lot step's event, if the step has one. */
async function notifyLotStep(place: LotPlace, lot: ILot, action: WorkflowAction, comment?: string | null) {
  const event = LOT_ACTION_EVENTS[action];
  if (!event) return null;
  return notifyQualityEvent(place.em, {
    projectId: place.projectId,
    event,
    subject: { number: lot.number, title: lot.title, link: lotPath(lot.id) },
    actorId: place.actorId,
    comment,
  });
}

/** The dates a step records on the lot: set when the step first happens, never overwriting what a user typed. */
function sideDates(lot: ILot, action: WorkflowAction): Partial<ILot> {
  const day = today();
  switch (action) {
    case "start_work":
      return lot.workCommencedOn ? {} : { workCommencedOn: day };
    case "mark_records_complete":
      return lot.completedOn ? {} : { completedOn: day };
    case "qa_approve":
      return { qaCompletedOn: day };
    case "close":
      return { lotClosedOn: day };
    case "reopen":
      return { lotClosedOn: null };
    default:
      return {};
  }
}

/** Delete may fail for a reason the table does not know (a record added meanwhile): spec 8's toast. */
export async function transitionLotOrToast(...args: Parameters<typeof transitionLot>) {
  try {
    return await transitionLot(...args);
  } catch (error) {
    if (error instanceof Response) throw error;
    const action = args[3].get("action");
    const failure = isLotAction(action) ? FAILURE_TOASTS[action] : undefined;
    if (!failure) throw error;
    console.warn("Lot workflow action failed", action, error);
    return redirectWithToast(lotPath(args[1]), { type: "error", message: failure });
  }
}
