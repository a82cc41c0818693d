import { useTranslation } from "react-i18next";
import { type BadgeTone, StatusBadge } from "~/app/ui/status-badge";

/** Spec 4: a company is in progress, in review or closed (the server's rules hold the same list). */
export const COMPANY_STATUS_VALUES = ["IN_PROGRESS", "IN_REVIEW", "CLOSED"] as const;

const TONES: Record<string, BadgeTone> = { IN_PROGRESS: "info", IN_REVIEW: "warning", CLOSED: "neutral" };

export function CompanyStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("companies");
  return <StatusBadge tone={TONES[status] ?? "neutral"}>{t(`status.${status}`)}</StatusBadge>;
}
