import { useTranslation } from "react-i18next";
import { ActivityList } from "~/app/ui/activity-list";
import type { RoleDetailData } from "~/server/admin/roles.server";
import { RoleDate } from "./role-date";

type Entry = RoleDetailData["activity"][number];

/** The role's history from the activity log, newest first (DetailPage's activity section). */
export function RoleActivity({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation("roles");
  return (
    <ActivityList
      empty={t("detail.noActivity")}
      entries={entries.map((entry) => ({
        id: entry.id,
        summary: t(`activity.${entry.action}`, {
          actor: entry.actor ?? t("activity.someone"),
          defaultValue: entry.action,
        }),
        time: <RoleDate value={entry.at} withTime />,
        details: changeLines(entry.changes, t),
      }))}
    />
  );
}

function changeLines(changes: Entry["changes"], t: ReturnType<typeof useTranslation<"roles">>["t"]) {
  return changes.flatMap((change) => {
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
}
