import { useTranslation } from "react-i18next";
import type { RoleDetailData } from "~/server/admin/roles.server";
import { RoleDate } from "./role-date";

type Entry = RoleDetailData["activity"][number];

/** The role's history from the activity log, newest first. */
export function RoleActivity({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation("roles");
  return (
    <section aria-labelledby="role-activity" className="space-y-3">
      <h2 id="role-activity" className="text-lg font-semibold text-slate-900">
        {t("detail.activity")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.noActivity")}</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
          {entries.map((entry) => (
            <li key={entry.id} className="text-sm">
              <p className="font-medium text-slate-900">
                {t(`activity.${entry.action}`, {
                  actor: entry.actor ?? t("activity.someone"),
                  defaultValue: entry.action,
                })}
              </p>
              <p className="text-xs text-slate-500">
                <RoleDate value={entry.at} withTime />
              </p>
              <EntryChanges changes={entry.changes} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EntryChanges({ changes }: { changes: Entry["changes"] }) {
  const { t } = useTranslation("roles");
  const lines = changes.flatMap((change) => {
    if (change.field === "name") {
      return [t("activity.name", { before: change.before ?? "-", after: change.after ?? "-" })];
    }
    if (change.field === "fullAccess") {
      return [change.after ? t("activity.fullAccessOn") : t("activity.fullAccessOff")];
    }
    return [
      ...(change.added.length ? [t("activity.added", { list: change.added.join(", ") })] : []),
      ...(change.removed.length ? [t("activity.removed", { list: change.removed.join(", ") })] : []),
    ];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
