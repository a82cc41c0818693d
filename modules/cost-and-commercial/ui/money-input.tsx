import { TextField } from "~/app/ui/field";

/**
 * An amount field: text (never type=number, whose parsing is a float and the browser's locale), a decimal
 * keyboard on a phone; the server reads it to cents (server/money-form.ts).
 */
export function MoneyInput({
  label,
  name,
  defaultValue,
  errors,
  required,
  hint,
  className,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  errors?: string[] | null;
  required?: boolean;
  hint?: string;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      inputProps={{
        name,
        type: "text",
        inputMode: "decimal",
        autoComplete: "off",
        defaultValue,
        required,
        className: "text-right tabular-nums",
      }}
    />
  );
}

/** Cents as an amount field shows them for editing ("1234.50", no separators); empty for none. */
export const centsForInput = (cents: number | null | undefined) =>
  cents === null || cents === undefined
    ? ""
    : `${cents < 0 ? "-" : ""}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
