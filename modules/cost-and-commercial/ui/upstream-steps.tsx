import { WorkflowStepForms, type WorkflowStepRow } from "~/app/ui/workflow-step-forms";

/**
 * The head contract's steps as the core's plain step forms (no dialogs): the upstream page, with its tabs, stays
 * within the page-weight budget (tests/e2e/page-weight.spec.ts).
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
  return (
    <WorkflowStepForms
      to={to}
      intent={intent}
      rows={rows}
      texts={{ legend, label, reason: { label: reasonLabel, maxLength }, confirmBox: () => confirmLabel }}
      refusals={refusals}
      isDanger={isDanger}
    />
  );
}
