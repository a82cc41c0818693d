import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";

/** The rostering pages' texts. */
export function useRosteringText() {
  return usePageText(["rostering", "common"]);
}

export function RosterStatusBadge({ status }: { status: "draft" | "published" }) {
  const { t } = useRosteringText();
  return (
    <StatusBadge tone={status === "published" ? "success" : "neutral"}>
      {t(`rostering:status.${status}`)}
    </StatusBadge>
  );
}
