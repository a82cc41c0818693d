import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import type { NcrAction } from "../domain/ncr-workflow";
import { NCR_INTENTS, NCR_LIMITS, ncrPath } from "../server/ncr-rules";
import { useNcrText } from "./ncr-view";

type Row = { action: NcrAction; confirm: boolean; requiresComment: boolean };

/** The workflow steps this user may run now, and the last refusal (the close-out's missing parts). */
export function NcrWorkflowActions({
  ncr,
  actions,
}: {
  ncr: { id: string; number: string };
  actions: Row[];
}) {
  const { t, translate } = useNcrText();
  const refusals = usePostErrors(NCR_INTENTS.transition);
  const label = (row: Row) => t(`quality:ncr.actions.${row.action}`);
  const question = (row: Row) =>
    row.confirm
      ? t(`quality:ncr.workflow.confirm.${row.action}`, { number: ncr.number })
      : t("quality:ncr.workflow.commentHint");
  const texts: WorkflowStepTexts<Row> = {
    legend: t("quality:ncr.workflow.label"),
    label,
    reason: { label: t("quality:ncr.workflow.comment"), maxLength: NCR_LIMITS.text },
    confirmBox: question,
    dialog: (row) => ({
      title: t("quality:ncr.workflow.dialogTitle", { step: label(row), number: ncr.number }),
      description: question(row),
    }),
  };
  return (
    <WorkflowSteps
      to={ncrPath(ncr.id)}
      intent={NCR_INTENTS.transition}
      rows={actions}
      texts={texts}
      refusals={translate(refusals)}
    />
  );
}
