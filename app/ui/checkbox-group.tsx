export type CheckboxGroupProps = {
  legend: string;
  /** The search param each checked box adds (?status=open&status=active). */
  name: string;
  options: readonly { value: string; label: string }[];
  checked: readonly string[];
  /** Shown when there is nothing to choose from (no work packs yet). */
  emptyLabel?: string;
};

/** A filter of several values as checkboxes, read from and sent back to the URL: works without JavaScript. */
export function CheckboxGroup({ legend, name, options, checked, emptyLabel }: CheckboxGroupProps) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.length === 0 && emptyLabel ? <p className="text-sm text-slate-500">{emptyLabel}</p> : null}
      <div className="checks max-h-48 space-y-1 overflow-y-auto">
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={checked.includes(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
