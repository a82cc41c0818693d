import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { DocketStatus } from "../domain/docket-states";
import { DOCKET_STATUS_TONES } from "../server/docket-basics";

/** A docket's state as a coloured badge; apart from docket-text so a page can show it without the amount formatter. */
export function DocketStatusBadge({ status }: { status: DocketStatus }) {
  const { t } = usePageText(["dockets"]);
  return <StatusBadge tone={DOCKET_STATUS_TONES[status]}>{t(`dockets:status.${status}`)}</StatusBadge>;
}
