import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { CheckResult, DocumentExpiry } from "../domain/plant-rules";
import type { PlantStatus } from "../domain/plant-workflow";
import { CHECK_RESULT_TONES, DOCUMENT_EXPIRY_TONES, PLANT_STATUS_TONES } from "../server/plant-basics";

/** The plant pages' texts and badges. */
export function usePlantText() {
  return usePageText(["plant", "common", "uploads"]);
}

export function PlantStatusBadge({ status }: { status: PlantStatus }) {
  const { t } = usePlantText();
  return <StatusBadge tone={PLANT_STATUS_TONES[status]}>{t(`plant:status.${status}`)}</StatusBadge>;
}

export function DocumentExpiryBadge({ expiry }: { expiry: DocumentExpiry }) {
  const { t } = usePlantText();
  return (
    <StatusBadge tone={DOCUMENT_EXPIRY_TONES[expiry]}>{t(`plant:documents.expiry.${expiry}`)}</StatusBadge>
  );
}

export function CheckResultBadge({ result }: { result: CheckResult }) {
  const { t } = usePlantText();
  return <StatusBadge tone={CHECK_RESULT_TONES[result]}>{t(`plant:checks.results.${result}`)}</StatusBadge>;
}
