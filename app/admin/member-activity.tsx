import { useTranslation } from "react-i18next";
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
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t("detail.noActivity")}</p>;
  const show = (value: unknown) =>
    value === null || value === undefined || value === "" ? t("detail.none") : String(value);
  return (
    <ol className="space-y-3">
      {entries.map((entry) => {
        const changes = SHOWN_FIELDS.filter(
          (field) => (entry.before && field in entry.before) || (entry.after && field in entry.after),
        );
        return (
          <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
            <p className="text-sm font-medium text-slate-900">
              {t(`activity.${entry.action}`, { defaultValue: entry.action })}
            </p>
            <p className="text-xs text-slate-500">
              <MemberDate value={entry.at} withTime />
              {entry.actor ? ` · ${t("activity.by", { name: entry.actor })}` : null}
            </p>
            {changes.length ? (
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {changes.map((field) => {
                  const label = t(`activity.fields.${field}`);
                  const hasBefore = Boolean(entry.before && field in entry.before);
                  const hasAfter = Boolean(entry.after && field in entry.after);
                  return (
                    <li key={field}>
                      {hasBefore && hasAfter
                        ? t("activity.change", {
                            field: label,
                            before: show(entry.before?.[field]),
                            after: show(entry.after?.[field]),
                          })
                        : `${label}: ${show(hasAfter ? entry.after?.[field] : entry.before?.[field])}`}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
