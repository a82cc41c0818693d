import { usePageText } from "~/app/ui/use-page-text";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { type WorkflowStepRow, WorkflowSteps } from "~/app/ui/workflow-steps";

/**
 * The workflow buttons of a safety record (an action, an observation, a SWMS): the rows this user may run
 * now, and the last refusal. Each area's texts sit under the same keys (`safety:<area>.steps.*`,
 * `safety:<area>.workflow.*`), and each page posts its steps with the intent "transition".
 */
export function SafetyRecordSteps<R extends WorkflowStepRow>({
  area,
  number,
  to,
  rows,
  reasonMaxLength,
  isDanger,
}: {
  area: "action" | "observation" | "swms";
  number: string;
  /** The record's page, which takes the post. */
  to: string;
  rows: readonly R[];
  reasonMaxLength: number;
  isDanger(row: R): boolean;
}) {
  const { t, translate } = usePageText(["safety", "common", "uploads"]);
  const refusals = usePostErrors("transition");
  const label = (row: R) => t(`safety:${area}.steps.${row.action}`);
  return (
    <WorkflowSteps
      to={to}
      intent="transition"
      rows={rows}
      texts={{
        legend: t(`safety:${area}.workflow.label`),
        label,
        reason: { label: t(`safety:${area}.workflow.reason`), maxLength: reasonMaxLength },
        confirmBox: () => t(`safety:${area}.workflow.confirmed`),
        dialog: (row) => ({
          title: t(`safety:${area}.workflow.dialog.title`, { step: label(row), number }),
          description: t(`safety:${area}.workflow.dialog.${row.action}`),
        }),
      }}
      refusals={translate(refusals)}
      isDanger={isDanger}
    />
  );
}
