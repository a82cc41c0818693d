import type { ActivityListEntry } from "~/app/ui/activity-list";
import { formatDateTime } from "~/app/utils/format";

/** One incident log entry as its loader sends it (server/incident-detail.server.ts incidentActivity). */
export type IncidentActivityEntry = {
  id: string;
  action: string;
  actorName: string | null;
  createdAt: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
type T = (key: string, options?: Record<string, unknown>) => string;

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** One incident log entry as a line of the timeline: what happened, who, when, and what changed. */
export function describeIncidentEntry(entry: IncidentActivityEntry, t: T, locale: string): ActivityListEntry {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const details: string[] = [];
  if (entry.action === "status-changed" && text(after.status))
    details.push(
      t("safety:incident.activity.statusTo", {
        from: t(`safety:incident.status.${text(before.status)}`),
        to: t(`safety:incident.status.${text(after.status)}`),
      }),
    );
  if (Array.isArray(after.actions) && after.actions.length)
    details.push(t("safety:incident.activity.actionsRaised", { numbers: after.actions.join(", ") }));
  if (entry.action === "reassigned")
    details.push(
      t("safety:incident.activity.assignedTo", {
        from: text(before.shePerson) ?? "—",
        to: text(after.shePerson) ?? "—",
      }),
    );
  if (entry.action === "updated") {
    const fields = Object.keys(after).filter((key) => key !== "section");
    details.push(
      t("safety:incident.activity.section", {
        section: t(`safety:incident.sections.${text(after.section) ?? "basic"}`),
        fields: fields
          .map((field) => t(`safety:incident.fields.${field}`, { defaultValue: field }))
          .join(", "),
      }),
    );
  }
  const name =
    text(after.name) ??
    text(before.name) ??
    text(after.injuredPerson) ??
    text(before.injuredPerson) ??
    text(after.drugTest) ??
    text(before.drugTest);
  if (name && entry.action !== "updated") details.push(name);
  return {
    id: entry.id,
    summary: t("safety:incident.activity.entry", {
      action: t(`safety:incident.activity.events.${entry.action}`, { defaultValue: entry.action }),
      name: entry.actorName ?? t("safety:incident.activity.unknownActor"),
    }),
    time: formatDateTime(entry.createdAt, locale as never),
    details,
  };
}
