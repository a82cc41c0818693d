import { Form } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, TextAreaField } from "~/app/ui/field";
import type { WorkflowStepRow } from "~/app/ui/workflow-steps";
import { CHANGE_INTENTS, CHANGE_LIMITS } from "../server/subcontract-changes-basics";
import { useUpstreamText } from "./upstream-text";

/**
 * A variation's or back charge's steps on its row of the register: a plain step is one button; approving a
 * variation asks the day it was approved, rejecting asks a reason, deleting asks "I am sure" — each in a form that
 * opens in place (a <details>), so the register works without JavaScript and loads no dialog script. Every form
 * names its row (`id`): the register's one action takes the steps of all its rows.
 */
export function ChangeRowSteps({
  to,
  id,
  number,
  steps,
  asksApprovedOn,
  today,
}: {
  to: string;
  id: string;
  number: string;
  steps: WorkflowStepRow[];
  asksApprovedOn: boolean;
  today: string;
}) {
  const { t } = useUpstreamText();
  if (steps.length === 0) return null;
  const label = (action: string) => t(`cost-and-commercial:variation.steps.${action}`);
  const hidden = (action: string) => (
    <>
      <input type="hidden" name="intent" value={CHANGE_INTENTS.transition} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value={action} />
    </>
  );
  return (
    <div className="flex flex-wrap items-start gap-1">
      {steps.map((step) => {
        const danger = step.action === "delete" || step.action === "reject";
        const opens = step.confirm || step.requiresComment || (asksApprovedOn && step.action === "approve");
        const stepName = t("cost-and-commercial:variation.steps.ofRow", { step: label(step.action), number });
        if (!opens)
          return (
            <Form key={step.action} method="post" action={to}>
              {hidden(step.action)}
              <Button type="submit" size="sm" variant="secondary" aria-label={stepName}>
                {label(step.action)}
              </Button>
            </Form>
          );
        return (
          <details key={step.action}>
            <summary className={buttonClass(danger ? "danger" : "secondary", "sm")} aria-label={stepName}>
              {label(step.action)}
            </summary>
            <Form
              method="post"
              action={to}
              className="mt-2 w-64 max-w-[80vw] space-y-2 rounded-lg border border-slate-200 bg-white p-3"
            >
              {hidden(step.action)}
              {step.action === "approve" && asksApprovedOn ? (
                <label className="block text-sm">
                  {t("cost-and-commercial:variation.fields.approvedOn")} *
                  <input
                    type="date"
                    name="approvedOn"
                    required
                    defaultValue={today}
                    className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
                  />
                </label>
              ) : null}
              {step.requiresComment ? (
                <TextAreaField
                  label={`${t("cost-and-commercial:variation.steps.reason")} *`}
                  textareaProps={{
                    name: "comment",
                    required: true,
                    maxLength: CHANGE_LIMITS.comment,
                    rows: 3,
                  }}
                />
              ) : null}
              {step.confirm ? (
                <CheckboxField
                  label={t("cost-and-commercial:variation.steps.confirmed")}
                  inputProps={{ name: "confirmed", required: true }}
                />
              ) : null}
              <Button type="submit" size="sm" variant={danger ? "danger" : "primary"}>
                {label(step.action)}
              </Button>
            </Form>
          </details>
        );
      })}
    </div>
  );
}
