import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/app/ui/status-badge";
import type { AccessLevel, EditorModule } from "~/server/admin/role-rules";

const LEVEL_TONES = { full: "success", view: "info", limited: "warning", none: "neutral" } as const;

type RolePermissionSummaryProps = {
  modules: EditorModule[];
  fullAccess: boolean;
  grantedActions: readonly string[];
  levels: Record<string, AccessLevel>;
};

/** The role's permissions, read-only: per module its access level and the actions granted by sub-module. */
export function RolePermissionSummary({
  modules,
  fullAccess,
  grantedActions,
  levels,
}: RolePermissionSummaryProps) {
  const { t } = useTranslation("roles");
  if (fullAccess) {
    return (
      <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
        {t("detail.fullAccessNote")}
      </p>
    );
  }
  const granted = new Set(grantedActions);
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {modules.map((module) => {
        const level = levels[module.name] ?? "none";
        const groups = module.groups
          .map((group) => ({
            ...group,
            actions: group.actions.filter(
              (action) => action.status === "always_true" || granted.has(action.key),
            ),
          }))
          .filter((group) => group.actions.length > 0);
        return (
          <li key={module.name} className="p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium text-slate-900">{module.displayName}</h3>
              <StatusBadge tone={LEVEL_TONES[level]}>{t(`levels.${level}`)}</StatusBadge>
            </div>
            {groups.length > 0 ? (
              <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
                {groups.map((group) => (
                  <div key={group.name || "module"} className="contents">
                    <dt className="text-slate-600">{group.displayName}</dt>
                    <dd className="text-slate-900">
                      {group.actions.map((action) => action.displayName).join(", ")}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
