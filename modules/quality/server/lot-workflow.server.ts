import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { applyLotAction, type LotAction, type LotState } from "../domain/lot-workflow";
import { type ILot, Lot } from "../entities";
import { isLotAction, LOT_PATH, lotPath, transitionSchema } from "./lot-rules";

import { forbidden, LOT_ENTITY_TYPE, type LotPlace, today } from "./lots.server";

/**
 * The lot workflow on the server: one action of the table in domain/lot-workflow.ts, run inside a
 * transaction with the lot locked, its side dates, the activity entry and the answer to the screen.
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
) {
  const submission = parseWithZod(formData, { schema: transitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action, comment, confirmed } = submission.value;
  const failureToast = FAILURE_TOASTS[action];
  const refuse = (key: string, status: number, field?: "comment" | "confirmed") => {
    const errors = [failureToast, key].filter((entry): entry is string => Boolean(entry));
    return data(
      submission.reply(
        field ? { fieldErrors: { [field]: [key] }, formErrors: errors } : { formErrors: errors },
      ),
      { status },
    );
  };

  const outcome = await place.em.transactional(async (tx) => {
    const lot = await tx.findOne(
      Lot,
      { id: lotId, project: place.projectId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!lot) return { kind: "not-found" } as const;
    const before: LotState = { status: lot.status, subStatus: lot.subStatus ?? null };
    const result = applyLotAction(before, action, granted, { comment });
    if (!result.ok) return { kind: "refused", reason: result.reason } as const;
    if (result.row.confirm && !confirmed) return { kind: "unconfirmed" } as const;
    const activity = {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: lot.id,
      action: action === "delete" ? "deleted" : "status-changed",
      before: { ...before },
      after: { ...(result.to ?? {}), action, comment: comment ?? null },
    };
    if (result.to === null) {
      recordActivity(tx, { ...activity, before: { ...before, number: lot.number, title: lot.title } });
      tx.remove(lot);
      return { kind: "deleted", number: lot.number } as const;
    }
    tx.assign(lot, { ...result.to, ...sideDates(lot, action) });
    recordActivity(tx, activity);
    return { kind: "moved", number: lot.number } as const;
  });

  if (outcome.kind === "not-found") throw new Response("Not found", { status: 404 });
  if (outcome.kind === "refused") {
    if (outcome.reason === "missing-permission") throw forbidden();
    if (outcome.reason === "comment-required")
      return refuse(REFUSAL_MESSAGES["comment-required"], 400, "comment");
    return refuse(REFUSAL_MESSAGES["not-allowed-from-state"], 409);
  }
  if (outcome.kind === "unconfirmed") return refuse("quality:lot.errors.confirmRequired", 400, "confirmed");
  if (outcome.kind === "deleted")
    return redirectWithToast(LOT_PATH, {
      type: "success",
      message: "quality:lot.toast.deleted",
      params: { number: outcome.number },
    });
  return redirectWithToast(lotPath(lotId), {
    type: "success",
    message: `quality:lot.toast.action.${action}`,
    params: { number: outcome.number },
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
