import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { NcrStatus } from "../domain/ncr-workflow";
import { NCR_STATUS_TONES } from "../server/ncr-basics";

/**
 * The NCR's texts and status badge: all the register needs. Apart from ncr-view.tsx, which holds the forms
 * (conform and zod), so a list of NCRs loads no form code.
 */
export function useNcrText() {
  return usePageText(["quality", "common"]);
}

export function NcrStatusBadge({ status }: { status: NcrStatus }) {
  const { t } = useNcrText();
  return <StatusBadge tone={NCR_STATUS_TONES[status]}>{t(`quality:ncr.status.${status}`)}</StatusBadge>;
}
