import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { ActionStatus, RiskRanking } from "../domain/action-workflow";
import { ACTION_STATUS_TONES, RISK_TONES } from "../server/action-basics";

/** The safety actions' texts and badges: all the register needs, apart from the detail page's forms. */
/** The safety action pages' texts, messages from the server (keys with their parameters), and the locale. */
export function useActionText() {
  return usePageText(["safety", "common", "uploads"]);
}

export function ActionStatusBadge({ status }: { status: ActionStatus }) {
  const { t } = useActionText();
  return <StatusBadge tone={ACTION_STATUS_TONES[status]}>{t(`safety:action.status.${status}`)}</StatusBadge>;
}

export function RiskBadge({ risk }: { risk: RiskRanking }) {
  const { t } = useActionText();
  return <StatusBadge tone={RISK_TONES[risk]}>{t(`safety:action.risk.${risk}`)}</StatusBadge>;
}
