import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { WorkflowStepRow, WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatCents, formatDate } from "~/app/utils/format";
import type { ContractStatus, RfaStatus } from "../domain/vocabularies";
import { CONTRACT_STATUS_TONES, RFA_STATUS_TONES, UPSTREAM_LIMITS } from "../server/upstream-basics";

/** The home and upstream pages' texts, amounts (spec 9: VND for Vietnamese, USD otherwise) and dates. */
export function useUpstreamText() {
  const text = usePageText(["cost-and-commercial", "common", "uploads"]);
  const currency = text.locale === "vi" ? ("VND" as const) : ("USD" as const);
  return {
    ...text,
    money: (cents: number | null | undefined, blankWhenZero = false) =>
      formatCents(cents ?? null, { currency, blankWhenZero }),
    day: (value: string | null | undefined) => (value ? formatDate(value, text.locale) : "-"),
  };
}

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useUpstreamText();
  return (
    <StatusBadge tone={CONTRACT_STATUS_TONES[status]}>
      {t(`cost-and-commercial:vocab.contractStatus.${status}`)}
    </StatusBadge>
  );
}

export function RfaStatusBadge({ status }: { status: RfaStatus }) {
  const { t } = useUpstreamText();
  return (
    <StatusBadge tone={RFA_STATUS_TONES[status]}>
      {t(`cost-and-commercial:vocab.rfaStatus.${status}`)}
    </StatusBadge>
  );
}

/** The words of a record's steps for the core's WorkflowSteps: the record named by `number` in the dialogs. */
export function useStepTexts(number: string): WorkflowStepTexts<WorkflowStepRow> {
  const { t } = useUpstreamText();
  const label = (row: WorkflowStepRow) => t(`cost-and-commercial:upstream.steps.${row.action}`);
  return {
    legend: t("cost-and-commercial:upstream.workflow.label"),
    label,
    reason: { label: t("cost-and-commercial:upstream.workflow.reason"), maxLength: UPSTREAM_LIMITS.comment },
    confirmBox: () => t("cost-and-commercial:upstream.workflow.confirmed"),
    dialog: (row) => ({
      title: t("cost-and-commercial:upstream.workflow.dialogTitle", { step: label(row), number }),
      description: t(`cost-and-commercial:upstream.workflow.dialog.${row.action}`),
    }),
  };
}
