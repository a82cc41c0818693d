import * as SelectPrimitive from "@radix-ui/react-select";
import { useId } from "react";
import { cn } from "./cn";
import { controlClass } from "./control-class";
import { LabelledField } from "./field";
import { NativeSelectControl } from "./native-select";
import { assertSelectOptions, type SelectOption } from "./select-options";
import { useHydrated } from "./use-hydrated";

export type { SelectOption } from "./select-options";

type SelectProps = {
  label: string;
  name: string;
  options: SelectOption[];
  placeholder?: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  errors?: string[] | null;
  hint?: string;
  className?: string;
};

export const listPanelClass =
  "z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg";

/**
 * A single choice from a short list. The server renders a native <select> so the form works without
 * JavaScript; after hydration it becomes the Radix listbox (typeahead, with Radix's 1000 ms reset).
 */
export function Select({
  label,
  name,
  options,
  placeholder,
  defaultValue,
  value,
  onValueChange,
  disabled,
  required,
  errors,
  hint,
  className,
}: SelectProps) {
  assertSelectOptions(options);
  const hydrated = useHydrated();
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) =>
        hydrated ? (
          <SelectPrimitive.Root
            name={name}
            defaultValue={defaultValue}
            value={value}
            onValueChange={onValueChange}
            disabled={disabled}
            required={required}
          >
            <SelectPrimitive.Trigger
              id={id}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={cn(controlClass(invalid), "data-[placeholder]:text-slate-500")}
            >
              <SelectPrimitive.Value placeholder={placeholder} />
              <SelectPrimitive.Icon aria-hidden className="text-slate-500">
                ▾
              </SelectPrimitive.Icon>
            </SelectPrimitive.Trigger>
            <SelectPrimitive.Portal>
              <SelectPrimitive.Content position="popper" sideOffset={4} className={listPanelClass}>
                <SelectPrimitive.Viewport className="p-1">
                  {options.map((option) => (
                    <SelectPrimitive.Item
                      key={option.value}
                      value={option.value}
                      disabled={option.disabled}
                      className={cn(
                        "relative flex cursor-default select-none items-center rounded px-8 py-2 text-sm outline-none",
                        "data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900",
                        "data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
                      )}
                    >
                      <SelectPrimitive.ItemIndicator className="absolute left-2 text-brand-600" aria-hidden>
                        ✓
                      </SelectPrimitive.ItemIndicator>
                      <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    </SelectPrimitive.Item>
                  ))}
                </SelectPrimitive.Viewport>
              </SelectPrimitive.Content>
            </SelectPrimitive.Portal>
          </SelectPrimitive.Root>
        ) : (
          <NativeSelectControl
            id={id}
            name={name}
            options={options}
            placeholder={placeholder}
            defaultValue={value ?? defaultValue}
            disabled={disabled}
            required={required}
            invalid={invalid}
            describedBy={describedBy}
          />
        )
      }
    </LabelledField>
  );
}
