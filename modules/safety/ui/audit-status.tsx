import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { AssessmentStatus, AuditScheduleStatus, CriterionResult } from "../domain/audit-states";
import { ASSESSMENT_STATUS_TONES, RESULT_TONES, SCHEDULE_STATUS_TONES } from "../server/audit-basics";

/** The audit and inspection pages' texts (messages from the server included) and badges. */
export function useAuditText() {
  return usePageText(["safety", "common", "uploads", "jobs"]);
}

export function ScheduleStatusBadge({ status }: { status: AuditScheduleStatus }) {
  const { t } = useAuditText();
  return <StatusBadge tone={SCHEDULE_STATUS_TONES[status]}>{t(`safety:audit.status.${status}`)}</StatusBadge>;
}

export function AssessmentStatusBadge({ status }: { status: AssessmentStatus | "not_started" }) {
  const { t } = useAuditText();
  return (
    <StatusBadge tone={ASSESSMENT_STATUS_TONES[status]}>
      {t(`safety:audit.assessmentStatus.${status}`)}
    </StatusBadge>
  );
}

export function ResultBadge({ result }: { result: CriterionResult }) {
  const { t } = useAuditText();
  return <StatusBadge tone={RESULT_TONES[result]}>{t(`safety:audit.result.${result}`)}</StatusBadge>;
}
