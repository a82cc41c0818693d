import { ActivityList } from "~/app/ui/activity-list";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDateTime } from "~/app/utils/format";
import type { ActivityRow } from "~/server/audit/activity.server";

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * A safety record's history (an action, an observation, a SWMS), newest first, with who and when: each
 * area's words sit under the same keys (`safety:<area>.activity.*`, its statuses and fields).
 */
export function SafetyRecordActivity({
  area,
  activity,
}: {
  area: "action" | "observation" | "swms";
  activity: readonly ActivityRow[];
}) {
  const { t, locale } = usePageText(["safety", "common", "uploads"]);
  const key = (name: string) => `safety:${area}.${name}`;
  const status = (value: unknown) => t(key(`status.${text(value)}`));
  const notSet = t(key("detail.notSet"));
  return (
    <ActivityList
      empty={t(key("activity.empty"))}
      entries={activity.map((entry) => {
        const after = entry.after ?? {};
        const before = entry.before ?? {};
        const details: string[] = [];
        if (entry.action === "status-changed") {
          if (text(after.status))
            details.push(
              t(key("activity.statusTo"), { from: status(before.status), to: status(after.status) }),
            );
          if (text(after.comment)) details.push(t(key("activity.reason"), { comment: after.comment }));
        }
        if (entry.action === "reassigned")
          details.push(
            t(key("activity.assignedTo"), {
              from: text(before.assignee) ?? notSet,
              to: text(after.assignee) ?? notSet,
            }),
          );
        if (entry.action === "attachment-added" && text(after.fileName)) details.push(text(after.fileName)!);
        if (entry.action === "attachment-deleted" && text(before.fileName))
          details.push(text(before.fileName)!);
        // A worker's sign-on through a QR code: no account, so the entry names the worker and their company.
        if (entry.action === "worker-signed-on" && text(after.company)) details.push(text(after.company)!);
        if (entry.action === "action-raised" && text(after.number))
          details.push(`${text(after.number)} ${text(after.title) ?? ""}`.trim());
        if (entry.action === "updated")
          details.push(
            t(key("activity.fields"), {
              fields: Object.keys(after)
                .map((field) => t(key(`fields.${field}`)))
                .join(", "),
            }),
          );
        return {
          id: entry.id,
          summary: t(key("activity.entry"), {
            action: t(key(`activity.events.${entry.action}`), { defaultValue: entry.action }),
            name:
              entry.actorName ??
              (entry.action === "worker-signed-on" ? text(after.name) : null) ??
              t(key("activity.unknownActor")),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}
