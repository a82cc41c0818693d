import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { DefectPriority, DefectStatus } from "../domain/defect-workflow";
import { DEFECT_PRIORITY_TONES, DEFECT_STATUS_TONES } from "../server/defect-basics";

/** The punch list's texts and badges: all its register needs, apart from the detail page's forms. */
/** The punch list pages' texts, messages from the server (keys with their parameters), and the locale. */
export function useDefectText() {
  return usePageText(["quality", "common", "locations"]);
}

export function DefectStatusBadge({ status }: { status: DefectStatus }) {
  const { t } = useDefectText();
  return <StatusBadge tone={DEFECT_STATUS_TONES[status]}>{t(`quality:defect.status.${status}`)}</StatusBadge>;
}

export function DefectPriorityBadge({ priority }: { priority: DefectPriority }) {
  const { t } = useDefectText();
  return (
    <StatusBadge tone={DEFECT_PRIORITY_TONES[priority]}>
      {t(`quality:defect.priority.${priority}`)}
    </StatusBadge>
  );
}
