import { useState } from "react";
import { Button } from "~/app/ui/button";
import { cn } from "~/app/ui/cn";
import { NativeSelectControl } from "~/app/ui/native-select";
import { useHydrated } from "~/app/ui/use-hydrated";
import { useDiaryText } from "./diary-status";

/**
 * One of the diary's row sections as inputs (Work Log, Delays, Plant, Meetings Held): each row's fields
 * named `section[i].field`, a Remove box, and blank rows to add to. Without JavaScript two blank rows are
 * always there (saving gives two more); with it, one, and "Add row" adds another. Blank rows are dropped on
 * save; a pre-filled row is marked until the diary is saved.
 */

export type RowColumn = {
  name: string;
  label: string;
  kind?: "text" | "number" | "decimal" | "select";
  options?: { value: string; label: string }[];
  maxLength?: number;
  required?: boolean;
  /** Wider than the others (the text of the row). */
  wide?: boolean;
};

export type RowValues = Record<string, string | number | boolean | null | undefined>;

const cellText = (value: RowValues[string]) =>
  value === null || value === undefined || typeof value === "boolean" ? "" : String(value);

export function DiaryRowsEditor({
  section,
  title,
  columns,
  rows,
  errors,
  hint,
}: {
  section: string;
  title: string;
  hint?: string;
  columns: RowColumn[];
  rows: RowValues[];
  /** The form's errors by field name (`workLog[0].hours`), already translated. */
  errors: (name: string) => string[] | undefined;
}) {
  const { t } = useDiaryText();
  const hydrated = useHydrated();
  const [added, setAdded] = useState(0);
  const blanks = (hydrated ? 1 : 2) + added;
  const all: RowValues[] = [...rows, ...Array.from({ length: blanks }, () => ({}))];
  const headingId = `${section}-rows`;
  return (
    <fieldset aria-labelledby={headingId} className="space-y-2">
      <legend id={headingId} className="sr-only">
        {title}
      </legend>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <div className="space-y-3">
        {all.map((row, index) => {
          const key = `${section}-${index}`;
          const prefix = `${section}[${index}]`;
          return (
            <div
              key={key}
              className={cn(
                "grid gap-2 rounded-md border p-2 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]",
                row.prefilled ? "border-amber-300 bg-amber-50" : "border-slate-200",
              )}
            >
              {row.prefilled ? (
                <p className="text-xs font-medium text-amber-800 sm:col-span-full">
                  {t("operation:diary.detail.prefilled")}
                </p>
              ) : null}
              {columns.map((column) => {
                const name = `${prefix}.${column.name}`;
                const id = `${key}-${column.name}`;
                const fieldErrors = errors(name);
                return (
                  <div key={column.name} className={column.wide ? "sm:col-span-2" : undefined}>
                    <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                      {column.label}
                    </label>
                    {column.kind === "select" ? (
                      <NativeSelectControl
                        id={id}
                        name={name}
                        options={column.options ?? []}
                        placeholder="-"
                        defaultValue={cellText(row[column.name])}
                        invalid={Boolean(fieldErrors?.length)}
                      />
                    ) : (
                      <input
                        id={id}
                        name={name}
                        defaultValue={cellText(row[column.name])}
                        inputMode={
                          column.kind === "number"
                            ? "numeric"
                            : column.kind === "decimal"
                              ? "decimal"
                              : undefined
                        }
                        maxLength={column.maxLength}
                        aria-invalid={fieldErrors?.length ? true : undefined}
                        className={cn(
                          "mt-1 block h-9 w-full rounded-md border px-2 text-sm",
                          fieldErrors?.length ? "border-red-600" : "border-slate-300",
                        )}
                      />
                    )}
                    {fieldErrors?.map((message) => (
                      <p key={message} className="mt-1 text-xs text-red-700">
                        {message}
                      </p>
                    ))}
                  </div>
                );
              })}
              {index < rows.length ? (
                <label className="flex items-center gap-2 self-end text-xs text-slate-700">
                  <input type="checkbox" name={`${prefix}.remove`} />
                  {t("operation:diary.fields.remove")}
                </label>
              ) : null}
            </div>
          );
        })}
      </div>
      {hydrated ? (
        <Button type="button" size="sm" variant="secondary" onClick={() => setAdded((count) => count + 1)}>
          {t("operation:diary.detail.addRow")}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** A row section as a plain table (a diary no longer in progress). */
export function DiaryRowsTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: { name: string; label: string; format?: (value: RowValues[string]) => string }[];
  rows: RowValues[];
}) {
  const { t } = useDiaryText();
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t("operation:diary.detail.noRows")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((row, index) => (
            <li key={String(row.id ?? index)} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
              {columns.map((column) => (
                <span key={column.name}>
                  <span className="text-slate-500">{column.label}: </span>
                  {column.format ? column.format(row[column.name]) : cellText(row[column.name]) || "-"}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
