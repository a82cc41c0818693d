import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import type { LotFrame, LotFrameAction } from "../server/lot-frame.server";
import { LOT_INTENTS, LOT_LIMITS, lotPath } from "../server/lot-rules";
import { useLotMessages } from "./lot-messages";

const isDanger = (row: LotFrameAction) => row.action === "delete" || row.action === "cancel";

/** The buttons of the workflow table's rows this user may run now, and the last refusal, if any. */
export function LotWorkflowActions({ lot }: { lot: LotFrame }) {
  const { t, translate } = useLotMessages();
  const refusals = usePostErrors(LOT_INTENTS.transition);
  const texts: WorkflowStepTexts<LotFrameAction> = {
    legend: t("quality:lot.workflow.label"),
    label: (row) => t(row.labelKey),
    reason: {
      label: t("quality:lot.workflow.comment"),
      hint: t("quality:lot.workflow.commentDescription"),
      maxLength: LOT_LIMITS.note,
    },
    confirmBox: () => t("quality:lot.workflow.confirmed"),
    dialog(row) {
      if (row.action === "delete")
        return {
          title: t("quality:lot.workflow.deleteTitle", { number: lot.number }),
          description: t("quality:lot.workflow.deleteDescription"),
        };
      if (row.action === "cancel")
        return {
          title: t("quality:lot.workflow.cancelTitle", { number: lot.number }),
          description: t("quality:lot.workflow.cancelDescription"),
        };
      return {
        title: `${t(row.labelKey)} – ${lot.number}`,
        description: t("quality:lot.workflow.commentDescription"),
      };
    },
  };
  return (
    <WorkflowSteps
      to={lotPath(lot.id)}
      intent={LOT_INTENTS.transition}
      rows={lot.actions}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={isDanger}
    />
  );
}
