import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";

/** The accommodation and travel pages' texts. */
export function useAccommodationText() {
  return usePageText(["rostering", "common"]);
}

/** A night (or stay) with more people than beds: allowed, but marked on the place's page. */
export function OverbookedBadge() {
  const { t } = useAccommodationText();
  return <StatusBadge tone="danger">{t("rostering:accommodation.overbooked")}</StatusBadge>;
}

/** A place (or room) of the company's shared accommodation, which every project books (decision 047). */
export function SharedBadge() {
  const { t } = useAccommodationText();
  return <StatusBadge tone="info">{t("rostering:accommodation.shared.badge")}</StatusBadge>;
}
