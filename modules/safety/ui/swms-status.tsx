import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { RiskLevel, SwmsType } from "../domain/swms-reference";
import type { SwmsStatus } from "../domain/swms-workflow";
import { SWMS_RISK_TONES, SWMS_STATUS_TONES } from "../server/swms-basics";

/** The SWMS pages' texts (messages from the server included) and badges: all the register needs. */
export function useSwmsText() {
  return usePageText(["safety", "common", "uploads"]);
}

export function SwmsStatusBadge({ status }: { status: SwmsStatus }) {
  const { t } = useSwmsText();
  return <StatusBadge tone={SWMS_STATUS_TONES[status]}>{t(`safety:swms.status.${status}`)}</StatusBadge>;
}

export function SwmsTypeBadge({ type }: { type: SwmsType }) {
  const { t } = useSwmsText();
  return <StatusBadge tone="neutral">{t(`safety:swms.type.${type}`)}</StatusBadge>;
}

export function HighRiskBadge() {
  const { t } = useSwmsText();
  return <StatusBadge tone="danger">{t("safety:swms.fields.highRisk")}</StatusBadge>;
}

export function RiskBadge({ risk }: { risk: { score: number; level: RiskLevel } }) {
  const { t } = useSwmsText();
  return (
    <StatusBadge tone={SWMS_RISK_TONES[risk.level]}>
      {t(`safety:swms.risk.${risk.level}`)} ({risk.score})
    </StatusBadge>
  );
}
