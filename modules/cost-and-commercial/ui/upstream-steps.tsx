import { Form } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import type { WorkflowStepRow } from "~/app/ui/workflow-steps";

/**
 * The head contract's steps as plain forms, for the upstream page: a step that needs a reason or an "I am sure"
 * opens in place (a <details>) with its field. The same posts as the core's WorkflowSteps, without its dialogs:
 * the upstream page, with its tabs, stays within the page-weight budget (tests/e2e/page-weight.spec.ts).
 */
export function UpstreamSteps({
  to,
  intent,
  rows,
  label,
  legend,
  reasonLabel,
  confirmLabel,
  maxLength,
  refusals,
  isDanger,
}: {
  to: string;
  intent: string;
  rows: WorkflowStepRow[];
  label: (row: WorkflowStepRow) => string;
  legend: string;
  reasonLabel: string;
  confirmLabel: string;
  maxLength: number;
  refusals?: string[];
  isDanger: (row: WorkflowStepRow) => boolean;
}) {
  if (rows.length === 0 && !refusals?.length) return null;
  const hidden = (row: WorkflowStepRow) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="action" value={row.action} />
    </>
  );
  return (
    <div className="space-y-2">
      <FormAlert errors={refusals} />
      <fieldset className="flex flex-wrap items-start gap-2">
        <legend className="sr-only">{legend}</legend>
        {rows.map((row) =>
          row.confirm || row.requiresComment ? (
            <details key={row.action} className="w-full sm:w-auto">
              <summary className={buttonClass(isDanger(row) ? "danger" : "secondary")}>{label(row)}</summary>
              <Form
                method="post"
                action={to}
                className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-white p-3"
              >
                {hidden(row)}
                {row.requiresComment ? (
                  <label className="block text-sm">
                    {reasonLabel} *
                    <textarea
                      name="comment"
                      required
                      maxLength={maxLength}
                      rows={3}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                    />
                  </label>
                ) : null}
                {row.confirm ? (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="confirmed" required />
                    {confirmLabel}
                  </label>
                ) : null}
                <Button type="submit" variant={isDanger(row) ? "danger" : "primary"}>
                  {label(row)}
                </Button>
              </Form>
            </details>
          ) : (
            <Form key={row.action} method="post" action={to}>
              {hidden(row)}
              <Button type="submit" variant="secondary">
                {label(row)}
              </Button>
            </Form>
          ),
        )}
      </fieldset>
    </div>
  );
}
