import { cn } from "./cn";
import { TextField } from "./field";

type DateFieldProps = {
  label: string;
  errors?: string[] | null;
  hint?: string;
  /** Value and bounds are 'YYYY-MM-DD', as the native picker posts them. */
  inputProps: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">;
  className?: string;
};

/** A calendar day through the browser's own date picker: keyboard-usable, localised, no script needed. */
export function DateField({ label, errors, hint, inputProps, className }: DateFieldProps) {
  return (
    <TextField
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      inputProps={{
        ...inputProps,
        type: "date",
        className: cn("disabled:bg-slate-50 disabled:text-slate-500", inputProps.className),
      }}
    />
  );
}
