import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { eventOfStep, type SwmsStatus, swmsParties, swmsWorkflow } from "../domain/swms-workflow";
import { type ISafetySwms, SafetySignOn, SafetySignOnLink, SafetySwms } from "../entities";
import { swmsFactsOf, swmsFiles, swmsRelationOf } from "./swms.server";
import { notifySwmsEvent } from "./swms-notifications.server";
import { SWMS_ENTITY_TYPE, SWMS_PATH, swmsPath, swmsTransitionSchema } from "./swms-rules";

/**
 * One step of the SWMS table through the core's engine: locked and re-read, the table, who the user is to
 * the SWMS and its guards (something to review, the r291 rule) checked, the entry written, in one
 * transaction; the reviewers or the author told after the commit. Deleted and archived end with the spec's
 * toasts.
 */
export async function transitionSwms(context: ProjectContext, swmsId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: swmsTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SafetySwms,
    id: swmsId,
    projectId: context.project.id,
    workflow: swmsWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (swms: ISafetySwms): SwmsStatus => swms.status,
    facts: (tx, swms) => swmsFactsOf(tx, swms),
    parties: (swms) => swmsParties(swmsRelationOf(context, swms)),
    apply(tx, swms, change) {
      const now = new Date();
      tx.assign(swms, {
        status: change.to,
        ...(change.to === "in_review" || change.to === "initial_review"
          ? { submittedAt: now, initialReviewer: null, signedOffBy: null, signedOffAt: null }
          : {}),
        ...(step === "complete_initial_review" ? { initialReviewer: context.user.id } : {}),
        ...(change.to === "accepted" || change.to === "not_accepted"
          ? { signedOffBy: context.user.id, signedOffAt: now }
          : {}),
      } as never);
    },
    activity: {
      entityType: SWMS_ENTITY_TYPE,
      entry: (swms, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: swms.number, title: swms.title }
            : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null },
      }),
    },
    async notify(swms, change) {
      const event = eventOfStep(step, change.to);
      if (!event) return;
      await context.em.populate(swms, ["createdBy"]);
      await notifySwmsEvent(context.em, {
        project: context.project,
        swms,
        event,
        accepted: change.to === "accepted",
        actorId: context.user.id,
        actorName: context.user.name,
      });
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:swms.errors.commentRequired",
      confirmRequired: "safety:swms.errors.confirmRequired",
      notAllowed: "safety:swms.errors.notAllowed",
    });
  if (outcome.to === null) {
    await swmsFiles.removeAll(context, swmsId);
    // Its workers' signatures and QR links go with it (decision 035, SWMS addendum).
    await context.em.nativeDelete(SafetySignOnLink, { subjectType: "swms", subjectId: swmsId });
    await context.em.nativeDelete(SafetySignOn, { subjectType: "swms", subjectId: swmsId });
    return redirectWithToast(SWMS_PATH, {
      type: "success",
      message: "safety:swms.toast.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(step === "archive" ? SWMS_PATH : swmsPath(swmsId), {
    type: "success",
    message: `safety:swms.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}
