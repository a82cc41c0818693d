import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { IncidentStatus } from "../domain/incident-fields";
import { INCIDENT_STATUS_TONES } from "../server/incident-basics";

/** The incident pages' texts and the status badge: all the register needs. */
export function useIncidentText() {
  return usePageText(["safety", "common"]);
}

export function IncidentStatusBadge({ status }: { status: IncidentStatus }) {
  const { t } = useIncidentText();
  return (
    <StatusBadge tone={INCIDENT_STATUS_TONES[status]}>{t(`safety:incident.status.${status}`)}</StatusBadge>
  );
}

/** "15 Jan 2026, 08:30" on the project's clock, with the zone named when it is not the reader's. */
export function formatSiteTime(iso: string, timeZone: string, locale: string) {
  return new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : locale === "au" ? "en-AU" : "en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}
