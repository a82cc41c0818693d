import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import type { TransitionBlock } from "./transition-table";
import type { WorkflowStepRefusal } from "./workflow-step.server";

/** The message keys of one module's step form, for the refusals every table has. */
export type StepRefusalMessages<Custom extends string> = {
  /** A step that needs a reason was sent without one. */
  commentRequired: string;
  /** A step that asks "Are you sure?" was sent without the box ticked. */
  confirmRequired: string;
  /** The step does not exist from the record's state any more (someone moved it first), or a guard said no without saying why. */
  notAllowed: string;
  /** The caller's own refusals (its `check`), each with its message. */
  custom?: { [reason in Custom]?: string };
  /** Messages shown before the refusal's own, e.g. which step failed. */
  lead?: string | null;
  /** How a guard's block reads; by default its message with its parameters. */
  describeBlock?(block: TransitionBlock): string[];
};

type Submission = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }): SubmissionResult<string[]>;
};

/**
 * The answer to a refused workflow step, the same on every record page: a record gone is a 404, a missing
 * permission or the wrong person a 403 (the screen never offered the step); a missing reason or confirmation
 * is an error on its field (400); anything else — a stale state, a guard, the caller's own check — is a
 * form error (409) the page shows above its steps.
 */
export function refusedStepReply<Custom extends string>(
  submission: Submission,
  refusal: { reason: WorkflowStepRefusal<Custom>; block?: TransitionBlock | null },
  messages: StepRefusalMessages<Custom>,
) {
  const { reason } = refusal;
  if (reason === "not-found") throw new Response("Not found", { status: 404 });
  if (reason === "missing-permission" || reason === "not-party")
    throw new Response("Forbidden", { status: 403 });
  const lead = messages.lead ? [messages.lead] : [];
  const onField = (field: "comment" | "confirmed", key: string) =>
    data(submission.reply({ fieldErrors: { [field]: [key] }, formErrors: [...lead, key] }), { status: 400 });
  if (reason === "comment-required") return onField("comment", messages.commentRequired);
  if (reason === "unconfirmed") return onField("confirmed", messages.confirmRequired);
  const custom = messages.custom?.[reason as Custom];
  const errors =
    reason === "guard-refused" && refusal.block
      ? (messages.describeBlock?.(refusal.block) ?? [message(refusal.block.message, refusal.block.params)])
      : [custom ?? messages.notAllowed];
  return data(submission.reply({ formErrors: [...lead, ...errors] }), { status: 409 });
}
