import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { EnforcementResult } from "../domain/enforcement-scan";
import { ENFORCEMENT_RESULT_TONES } from "../server/enforcement-basics";

/** The enforcement pages' texts and the PASS / FAIL badge. */
export function useEnforcementText() {
  return usePageText(["safety", "common"]);
}

export function ScanResultBadge({ status }: { status: EnforcementResult }) {
  const { t } = useEnforcementText();
  return (
    <StatusBadge tone={ENFORCEMENT_RESULT_TONES[status]}>
      {t(`safety:enforcement.result.${status}`)}
    </StatusBadge>
  );
}
