import { useTranslation } from "react-i18next";
import { cn } from "~/app/ui/cn";
import { StatusBadge } from "~/app/ui/status-badge";
import {
  ACCESS_LEVELS,
  type AccessLevel,
  type EditorAction,
  type EditorModule,
  keysForLevel,
  levelOf,
  modifiableKeys,
  type SelectionState,
  selectionState,
} from "~/server/admin/role-rules";

export type TreeSelection = { selected: ReadonlySet<string>; levels: Record<string, AccessLevel> };

const STATE_TONES = { FULL: "success", LACK: "warning", EMPTY: "neutral", WAIT: "info" } as const;

type RolePermissionTreeProps = {
  modules: EditorModule[];
  value: TreeSelection;
  /** The level each module showed when the page was rendered: the server applies only a radio that moved. */
  initialLevels: Record<string, AccessLevel>;
  onChange: (next: TreeSelection) => void;
  /** While full access is chosen the tree has nothing to decide. */
  disabled?: boolean;
};

/**
 * The permission tree editor: an access level per module (spec 6: Full, View only, No access, Limited)
 * and the actions by sub-module. Plain radios and checkboxes, so it posts without JavaScript too.
 */
export function RolePermissionTree({
  modules,
  value,
  initialLevels,
  onChange,
  disabled,
}: RolePermissionTreeProps) {
  const chooseLevel = (module: EditorModule, level: AccessLevel) => {
    const selected = new Set(value.selected);
    const own = [...selected];
    for (const key of modifiableKeys(module)) selected.delete(key);
    for (const key of keysForLevel(module, level, own)) selected.add(key);
    onChange({ selected, levels: { ...value.levels, [module.name]: level } });
  };
  const toggle = (module: EditorModule, key: string, on: boolean) => {
    const selected = new Set(value.selected);
    if (on) selected.add(key);
    else selected.delete(key);
    onChange({ selected, levels: { ...value.levels, [module.name]: levelOf(module, selected) } });
  };
  return (
    <fieldset disabled={disabled} className={cn("space-y-4", disabled && "opacity-60")}>
      {modules.map((module) => (
        <ModuleCard
          key={module.name}
          module={module}
          selected={value.selected}
          level={value.levels[module.name] ?? "none"}
          initialLevel={initialLevels[module.name] ?? "none"}
          onLevel={(level) => chooseLevel(module, level)}
          onToggle={(key, on) => toggle(module, key, on)}
        />
      ))}
    </fieldset>
  );
}

type ModuleCardProps = {
  module: EditorModule;
  selected: ReadonlySet<string>;
  level: AccessLevel;
  initialLevel: AccessLevel;
  onLevel: (level: AccessLevel) => void;
  onToggle: (key: string, on: boolean) => void;
};

function ModuleCard({ module, selected, level, initialLevel, onLevel, onToggle }: ModuleCardProps) {
  const { t } = useTranslation("roles");
  const state: SelectionState = selectionState(module, selected);
  const headingId = `module-${module.name}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {module.displayName}
        </h3>
        <StatusBadge tone={STATE_TONES[state]}>{t(`states.${state}`)}</StatusBadge>
      </div>
      {state === "WAIT" ? (
        <p className="mt-2 text-sm text-slate-600">{t("tree.lockedModule")}</p>
      ) : (
        <fieldset className="mt-3">
          <legend className="sr-only">{t("levels.legend", { module: module.displayName })}</legend>
          <input type="hidden" name={`initialLevel.${module.name}`} value={initialLevel} />
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {ACCESS_LEVELS.map((option) => (
              <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`level.${module.name}`}
                  value={option}
                  checked={level === option}
                  onChange={() => onLevel(option)}
                  className="size-4 border-slate-300 text-brand-600 focus:ring-brand-600"
                />
                {t(`levels.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {module.groups.map((group) => (
          <fieldset key={group.name || "module"} className="rounded-md bg-slate-50 p-3">
            <legend className="sr-only">{group.displayName}</legend>
            <p aria-hidden className="mb-2 text-sm font-medium text-slate-700">
              {group.displayName}
            </p>
            <ul className="space-y-1.5">
              {group.actions.map((action) => (
                <li key={action.key}>
                  <ActionCheckbox
                    action={action}
                    checked={selected.has(action.key)}
                    onToggle={(on) => onToggle(action.key, on)}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </section>
  );
}

/** always_true and always_false are locked (spec 6): shown, never posted. */
function ActionCheckbox({
  action,
  checked,
  onToggle,
}: {
  action: EditorAction;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation("roles");
  const locked = action.status !== "modifiable";
  return (
    <label className={cn("flex items-center gap-2 text-sm", locked ? "text-slate-500" : "text-slate-800")}>
      <input
        type="checkbox"
        name={locked ? undefined : "actions"}
        value={action.key}
        checked={locked ? action.status === "always_true" : checked}
        disabled={locked}
        onChange={(event) => onToggle(event.target.checked)}
        className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
      />
      <span>{action.displayName}</span>
      {locked ? (
        <span className="text-xs text-slate-500">
          ({t(action.status === "always_true" ? "tree.alwaysOn" : "tree.alwaysOff")})
        </span>
      ) : null}
    </label>
  );
}
