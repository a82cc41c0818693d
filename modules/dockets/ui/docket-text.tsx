import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import { formatCents } from "~/app/utils/format";
import type { DocketStatus } from "../domain/docket-states";
import { currencyOf, DOCKET_STATUS_TONES } from "../server/docket-basics";

/** The docket pages' texts, badges and amounts. */
export function useDocketText() {
  const text = usePageText(["dockets", "common", "uploads"]);
  const currency = currencyOf(text.locale);
  return { ...text, money: (cents: number | null | undefined) => formatCents(cents, { currency }) };
}

export function DocketStatusBadge({ status }: { status: DocketStatus }) {
  const { t } = useDocketText();
  return <StatusBadge tone={DOCKET_STATUS_TONES[status]}>{t(`dockets:status.${status}`)}</StatusBadge>;
}
