import { useId } from "react";
import { controlClass } from "./control-class";
import { LabelledField } from "./field";
import { assertSelectOptions, type SelectOption } from "./select-options";

export type NativeSelectProps = {
  label: string;
  name: string;
  options: SelectOption[];
  placeholder?: string;
  defaultValue?: string;
  value?: string;
  disabled?: boolean;
  required?: boolean;
  errors?: string[] | null;
  hint?: string;
  className?: string;
};

/**
 * A single choice from a short list as the browser's own <select>: what Select renders before hydration,
 * and what a register's filter panel uses for good (a GET form, no script to load: the phone's own picker).
 */
export function NativeSelect({
  label,
  name,
  options,
  placeholder,
  defaultValue,
  value,
  disabled,
  required,
  errors,
  hint,
  className,
}: NativeSelectProps) {
  assertSelectOptions(options);
  const id = useId();
  return (
    <LabelledField id={id} label={label} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) => (
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
      )}
    </LabelledField>
  );
}

/** The <select> element itself, shared with Select's server rendering. */
export function NativeSelectControl(props: {
  id: string;
  name: string;
  options: SelectOption[];
  placeholder?: string;
  defaultValue?: string;
  disabled?: boolean;
  required?: boolean;
  invalid: boolean;
  describedBy?: string;
}) {
  const { id, name, options, placeholder, defaultValue, disabled, required, invalid, describedBy } = props;
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue ?? ""}
      disabled={disabled}
      required={required}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className={controlClass(invalid)}
    >
      {placeholder !== undefined || !defaultValue ? (
        <option value="" disabled={required}>
          {placeholder ?? ""}
        </option>
      ) : null}
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
