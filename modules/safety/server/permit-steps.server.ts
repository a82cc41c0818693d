import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  type PermitStatus,
  permitFacts,
  permitParties,
  permitWorkflow,
  SIGNED_PERMIT_STEPS,
} from "../domain/permit-workflow";
import { type ISafetyPermit, SafetyPermit, SafetyPermitSignature } from "../entities";
import { PERMIT_ENTITY_TYPE, PERMIT_PATH, permitPath, permitTransitionSchema } from "./permit-rules";
import { permitRelationOf } from "./permits.server";

/**
 * One step of the permit table through the core's engine: locked and re-read, the table, who the user is to
 * the permit and its guards (checklist answered, no "No" left, period not ended) checked, the signature of a
 * signed step stored with it, and the "status-changed" entry written, in one transaction. A missing
 * permission or the wrong person is a 403; a stale state, a guard, a missing reason, confirmation or
 * signature are form errors, with nothing written.
 */
export async function transitionPermit(context: ProjectContext, permitId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: permitTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed, signature, signatureTypedName } = submission.value;
  const signed = SIGNED_PERMIT_STEPS.includes(step);
  const signedName = signatureTypedName || context.user.name;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SafetyPermit,
    id: permitId,
    projectId: context.project.id,
    workflow: permitWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (permit: ISafetyPermit): PermitStatus => permit.status,
    facts: (_tx, permit) => permitFacts(permit.checklist, permit.validTo, new Date()),
    parties: (permit) => permitParties(permitRelationOf(context, permit)),
    apply(tx, permit, change) {
      const now = new Date();
      tx.assign(permit, {
        status: change.to,
        ...(change.to === "IN_REVIEW" ? { submittedAt: now } : {}),
        ...(change.to === "ACTIVE" ? { approvedAt: now } : {}),
        ...(change.to === "CLOSED" ? { closedAt: now } : {}),
        ...(change.to === "IN_PROGRESS" ? { submittedAt: null } : {}),
      });
      if (signed)
        tx.create(SafetyPermitSignature, {
          project: context.project.id,
          permit: permit.id,
          step,
          signer: context.user.id,
          signedName,
          signature,
          comment: comment ?? null,
        } as never);
    },
    activity: {
      entityType: PERMIT_ENTITY_TYPE,
      entry: (permit, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: permit.number, title: permit.title }
            : { status: change.from },
        after: {
          status: change.to,
          action: step,
          comment: comment ?? null,
          ...(signed ? { signedBy: signedName } : {}),
        },
      }),
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:permit.errors.commentRequired",
      confirmRequired: "safety:permit.errors.confirmRequired",
      notAllowed: "safety:permit.errors.actionNotAllowed",
    });
  if (outcome.to === null)
    return redirectWithToast(PERMIT_PATH, {
      type: "success",
      message: "safety:permit.toast.deleted",
      params: { number: outcome.record.number },
    });
  return redirectWithToast(permitPath(permitId), {
    type: "success",
    message: `safety:permit.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}
