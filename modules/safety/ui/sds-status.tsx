import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { SdsExpiry, SdsStatus } from "../domain/sds-workflow";
import { SDS_EXPIRY_TONES, SDS_STATUS_TONES } from "../server/sds-basics";

/** The SDS pages' texts and badges: all the register needs. */
export function useSdsText() {
  return usePageText(["safety", "common", "uploads"]);
}

export function SdsStatusBadge({ status }: { status: SdsStatus }) {
  const { t } = useSdsText();
  return <StatusBadge tone={SDS_STATUS_TONES[status]}>{t(`safety:sds.status.${status}`)}</StatusBadge>;
}

/** Expired or expiring within the warning window; a current sheet shows "Current". */
export function SdsExpiryBadge({ expiry }: { expiry: SdsExpiry }) {
  const { t } = useSdsText();
  return <StatusBadge tone={SDS_EXPIRY_TONES[expiry]}>{t(`safety:sds.expiry.${expiry}`)}</StatusBadge>;
}
