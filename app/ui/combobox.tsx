import { Command } from "cmdk";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { controlClass } from "./control-class";
import { LabelledField } from "./field";
import { PopoverContent, PopoverRoot, PopoverTrigger } from "./popover";
import { assertSelectOptions, type SelectOption } from "./select-options";
import { useHydrated } from "./use-hydrated";

type ComboboxProps = {
  label: string;
  /** The form field the chosen value is posted under (a hidden input). */
  name: string;
  options: SelectOption[];
  placeholder?: string;
  searchPlaceholder?: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  errors?: string[] | null;
  hint?: string;
  className?: string;
};

/**
 * A searchable choice from a long list (members, lots, locations). Without JavaScript it is a native
 * <select> with the same name, so the form still posts a value.
 */
export function Combobox({
  label,
  name,
  options,
  placeholder,
  searchPlaceholder,
  defaultValue,
  value,
  onValueChange,
  disabled,
  required,
  errors,
  hint,
  className,
}: ComboboxProps) {
  assertSelectOptions(options);
  const { t } = useTranslation("ui");
  const hydrated = useHydrated();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [ownValue, setOwnValue] = useState(defaultValue ?? "");
  const selected = value ?? ownValue;
  const selectedOption = options.find((option) => option.value === selected);
  const choose = (next: string) => {
    setOwnValue(next);
    onValueChange?.(next);
    setOpen(false);
  };

  return (
    <LabelledField id={id} label={label} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) => (
        <>
          {hydrated ? (
            <PopoverRoot open={open} onOpenChange={setOpen}>
              <PopoverTrigger asChild>
                <button
                  id={id}
                  type="button"
                  role="combobox"
                  aria-expanded={open}
                  aria-controls={listId}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  disabled={disabled}
                  className={controlClass(invalid)}
                >
                  <span className={cn("truncate", !selectedOption && "text-slate-500")}>
                    {selectedOption?.label ?? placeholder ?? t("combobox.placeholder")}
                  </span>
                  <span aria-hidden className="text-slate-500">
                    ▾
                  </span>
                </button>
              </PopoverTrigger>
              <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-56 p-0">
                <Command label={label}>
                  <Command.Input
                    placeholder={searchPlaceholder ?? t("combobox.search")}
                    className="h-10 w-full border-b border-slate-200 px-3 text-sm outline-none"
                  />
                  <Command.List id={listId} className="max-h-64 overflow-y-auto p-1">
                    <Command.Empty className="px-3 py-6 text-center text-sm text-slate-500">
                      {t("combobox.noOption")}
                    </Command.Empty>
                    {options.map((option) => (
                      <Command.Item
                        key={option.value}
                        value={option.value}
                        keywords={[option.label]}
                        disabled={option.disabled}
                        onSelect={choose}
                        className={cn(
                          "relative flex cursor-default select-none items-center rounded py-2 pl-8 pr-3 text-sm",
                          "data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-900",
                          "data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50",
                        )}
                      >
                        {option.value === selected ? (
                          <span aria-hidden className="absolute left-2 text-brand-600">
                            ✓
                          </span>
                        ) : null}
                        {option.label}
                      </Command.Item>
                    ))}
                  </Command.List>
                </Command>
              </PopoverContent>
            </PopoverRoot>
          ) : (
            <select
              id={id}
              name={name}
              defaultValue={selected}
              disabled={disabled}
              required={required}
              aria-describedby={describedBy}
              className={controlClass(invalid)}
            >
              <option value="">{placeholder ?? ""}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
          {hydrated && !disabled ? <input type="hidden" name={name} value={selected} /> : null}
        </>
      )}
    </LabelledField>
  );
}
