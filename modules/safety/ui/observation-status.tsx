import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { ObservationKind, ObservationStatus } from "../domain/observation-workflow";
import { OBSERVATION_KIND_TONES, OBSERVATION_STATUS_TONES } from "../server/observation-basics";

/** The observation pages' texts (messages from the server included) and badges: all the register needs. */
export function useObservationText() {
  return usePageText(["safety", "common", "uploads"]);
}

export function ObservationStatusBadge({ status }: { status: ObservationStatus }) {
  const { t } = useObservationText();
  return (
    <StatusBadge tone={OBSERVATION_STATUS_TONES[status]}>
      {t(`safety:observation.status.${status}`)}
    </StatusBadge>
  );
}

export function ObservationKindBadge({ kind }: { kind: ObservationKind }) {
  const { t } = useObservationText();
  return (
    <StatusBadge tone={OBSERVATION_KIND_TONES[kind]}>{t(`safety:observation.kind.${kind}`)}</StatusBadge>
  );
}
