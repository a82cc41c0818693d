import { useTranslation } from "react-i18next";
import { type BadgeTone, StatusBadge } from "~/app/ui/status-badge";

export type MemberStatusValue = "active" | "invited" | "deactivated";

const TONES: Record<MemberStatusValue, BadgeTone> = {
  active: "success",
  invited: "warning",
  deactivated: "neutral",
};

export function MemberStatusBadge({ status }: { status: MemberStatusValue }) {
  const { t } = useTranslation("members");
  return <StatusBadge tone={TONES[status]}>{t(`status.${status}`)}</StatusBadge>;
}
