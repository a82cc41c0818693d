import { useTranslation } from "react-i18next";
import { ActivityList } from "~/app/ui/activity-list";
import { MemberDate } from "./member-facts";

export type MemberActivityEntry = {
  id: string;
  action: string;
  actor: string | null;
  at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Only these recorded fields mean something to a reader; ids and flags stay in the log. */
const SHOWN_FIELDS = ["email", "role", "accRole", "company", "globalRole"] as const;

/** A member's history, newest first: what happened, who did it, when, and what changed. */
export function MemberActivity({ entries }: { entries: MemberActivityEntry[] }) {
  const { t } = useTranslation("members");
  const show = (value: unknown) =>
    value === null || value === undefined || value === "" ? t("detail.none") : String(value);
  const changeLines = (entry: MemberActivityEntry) =>
    SHOWN_FIELDS.filter(
      (field) => (entry.before && field in entry.before) || (entry.after && field in entry.after),
    ).map((field) => {
      const label = t(`activity.fields.${field}`);
      const hasBefore = Boolean(entry.before && field in entry.before);
      const hasAfter = Boolean(entry.after && field in entry.after);
      return hasBefore && hasAfter
        ? t("activity.change", {
            field: label,
            before: show(entry.before?.[field]),
            after: show(entry.after?.[field]),
          })
        : `${label}: ${show(hasAfter ? entry.after?.[field] : entry.before?.[field])}`;
    });
  return (
    <ActivityList
      empty={t("detail.noActivity")}
      entries={entries.map((entry) => ({
        id: entry.id,
        summary: t(`activity.${entry.action}`, { defaultValue: entry.action }),
        time: (
          <>
            <MemberDate value={entry.at} withTime />
            {entry.actor ? ` · ${t("activity.by", { name: entry.actor })}` : null}
          </>
        ),
        details: changeLines(entry),
      }))}
    />
  );
}
