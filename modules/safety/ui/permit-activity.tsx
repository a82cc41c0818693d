import { ActivityList } from "~/app/ui/activity-list";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDateTime } from "~/app/utils/format";
import type { ActivityRow } from "~/server/audit/activity.server";

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * A permit's or a safety data sheet's history (with who signed and the checklist answers, which SafetyRecordActivity does not show yet), newest first, with who and when: the steps (with the reason
 * and who signed), the edits (which fields), the checklist answers and the files. `ns` is the record's
 * texts ("safety:permit"): its activity.*, status.* and fields.* keys.
 */
export function PermitSdsActivity({ ns, activity }: { ns: string; activity: ActivityRow[] }) {
  const { t, locale } = usePageText(["safety", "common"]);
  const status = (value: unknown) => t(`${ns}.status.${text(value)}`);
  return (
    <ActivityList
      empty={t("safety:records.activity.empty")}
      entries={activity.map((entry) => {
        const after = entry.after ?? {};
        const before = entry.before ?? {};
        const details: string[] = [];
        if (entry.action === "status-changed") {
          details.push(
            t("safety:records.activity.statusTo", { from: status(before.status), to: status(after.status) }),
          );
          if (text(after.comment))
            details.push(t("safety:records.activity.reason", { comment: after.comment }));
          if (text(after.signedBy))
            details.push(t("safety:records.activity.signedBy", { name: after.signedBy }));
        }
        if (entry.action === "updated" || entry.action === "checklist-updated")
          details.push(
            t("safety:records.activity.fields", {
              fields: Object.keys(after)
                .map((field) =>
                  t(entry.action === "updated" ? `${ns}.fields.${field}` : `${ns}.checklist.items.${field}`),
                )
                .join(", "),
            }),
          );
        if (entry.action === "attachment-added" && text(after.fileName)) details.push(text(after.fileName)!);
        if (entry.action === "attachment-deleted" && text(before.fileName))
          details.push(text(before.fileName)!);
        return {
          id: entry.id,
          summary: t("safety:records.activity.entry", {
            action: t(`safety:records.activity.events.${entry.action}`, { defaultValue: entry.action }),
            name: entry.actorName ?? t("safety:records.activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}
