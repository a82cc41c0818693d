import { useId, useState } from "react";
import { ErrorList } from "~/app/ui/field";
import { useHydrated } from "~/app/ui/use-hydrated";
import { useAdminMessages } from "./company-messages";

export type MemberChoice = { userId: string; name: string; email: string; company: string | null };

type GroupMemberPickerProps = {
  name: string;
  choices: MemberChoice[];
  defaultSelected: string[];
  errors?: string[] | null;
};

/**
 * The project's members as checkboxes, with a filter box once scripts run. Filtering only hides rows:
 * a checked member stays in the form while hidden.
 */
export function GroupMemberPicker({ name, choices, defaultSelected, errors }: GroupMemberPickerProps) {
  const { t } = useAdminMessages();
  const hydrated = useHydrated();
  const id = useId();
  const [filter, setFilter] = useState("");
  const [selected, setSelected] = useState(() => new Set(defaultSelected));
  const needle = filter.trim().toLowerCase();
  const matches = (choice: MemberChoice) =>
    !needle ||
    [choice.name, choice.email, choice.company ?? ""].some((text) => text.toLowerCase().includes(needle));
  const visible = choices.filter(matches).length;
  const toggle = (userId: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(userId);
    else next.delete(userId);
    setSelected(next);
  };
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t("groups:fields.members")}</legend>
      <p className="text-xs text-slate-500" aria-live="polite">
        {t("groups:form.selectedCount", { count: selected.size })}
      </p>
      {hydrated && choices.length > 0 ? (
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t("groups:form.filterMembers")}
          aria-label={t("groups:form.filterMembers")}
          className="block h-9 w-full rounded-md border border-slate-300 px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      ) : null}
      {choices.length === 0 ? (
        <p className="text-sm text-slate-600">{t("groups:form.noProjectMembers")}</p>
      ) : (
        <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 bg-white">
          {choices.map((choice) => (
            <li key={choice.userId} hidden={!matches(choice)}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  name={name}
                  value={choice.userId}
                  defaultChecked={selected.has(choice.userId)}
                  onChange={(event) => toggle(choice.userId, event.target.checked)}
                  className="size-4"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{choice.name}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {choice.email}
                    {choice.company ? ` · ${choice.company}` : ""}
                  </span>
                </span>
              </label>
            </li>
          ))}
          {visible === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-600">{t("groups:form.noMatch")}</li>
          ) : null}
        </ul>
      )}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
