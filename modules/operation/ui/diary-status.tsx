import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import type { DiaryStatus } from "../domain/diary-states";
import { DIARY_STATUS_TONES } from "../server/diary-basics";

/** The site diary pages' texts (messages from the server included) and state badge. */
export function useDiaryText() {
  return usePageText(["operation", "common", "uploads"]);
}

export function DiaryStatusBadge({ status }: { status: DiaryStatus }) {
  const { t } = useDiaryText();
  return <StatusBadge tone={DIARY_STATUS_TONES[status]}>{t(`operation:diary.status.${status}`)}</StatusBadge>;
}
