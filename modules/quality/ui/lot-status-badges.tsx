import { type BadgeTone, StatusBadge } from "~/app/ui/status-badge";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import type { PointState } from "../domain/point-states";
import type { ItemCheckState } from "../entities";
import { LOT_STATUS_TONES } from "../server/lot-basics";
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
    <span className="badges">
      <StatusBadge tone={LOT_STATUS_TONES[status]}>{t(`quality:lot.status.${status}`)}</StatusBadge>
      {subStatus ? <StatusBadge tone="neutral">{t(`quality:lot.subStatus.${subStatus}`)}</StatusBadge> : null}
    </span>
  );
}

const CHECK_STATE_TONES: Record<ItemCheckState, BadgeTone> = {
  pending: "neutral",
  conforming: "success",
  non_conforming: "danger",
  not_applicable: "info",
};

/** The check of an ITP item on a lot (no check yet = pending). */
export function CheckStateBadge({ state }: { state: ItemCheckState }) {
  const { t } = useLotMessages();
  return <StatusBadge tone={CHECK_STATE_TONES[state]}>{t(`quality:lot.checkState.${state}`)}</StatusBadge>;
}

const POINT_STATE_TONES: Record<PointState, BadgeTone> = {
  not_started: "neutral",
  notified: "info",
  released: "success",
  released_with_comment: "success",
  rejected: "danger",
  not_required: "neutral",
};

/** A hold or witness point's state (spec 4). */
export function PointStateBadge({ state }: { state: PointState }) {
  const { t } = useLotMessages();
  return <StatusBadge tone={POINT_STATE_TONES[state]}>{t(`quality:hpWp.state.${state}`)}</StatusBadge>;
}
