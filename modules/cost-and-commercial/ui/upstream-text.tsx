import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import { formatCents, formatDate } from "~/app/utils/format";
import type { ContractStatus, RfaStatus } from "../domain/vocabularies";
import { CONTRACT_STATUS_TONES, RFA_STATUS_TONES } from "../server/upstream-basics";

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
