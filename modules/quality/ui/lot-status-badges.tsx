import { StatusBadge } from "~/app/ui/status-badge";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import { LOT_STATUS_TONES } from "../server/lot-rules";
import { useLotMessages } from "./lot-messages";

/** A lot's status, and its sub-status (the step within it) when it has one. */
export function LotStatusBadges({
  status,
  subStatus,
}: {
  status: LotStatus;
  subStatus: LotSubStatus | null;
}) {
  const { t } = useLotMessages();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <StatusBadge tone={LOT_STATUS_TONES[status]}>{t(`quality:lot.status.${status}`)}</StatusBadge>
      {subStatus ? <StatusBadge tone="neutral">{t(`quality:lot.subStatus.${subStatus}`)}</StatusBadge> : null}
    </span>
  );
}
