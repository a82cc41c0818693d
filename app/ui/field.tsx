import { useId } from "react";
import { cn } from "./cn";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" aria-live="polite">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** Ids that tie a control to its hint and errors, for screen readers. */
export function fieldDescription(id: string, errors?: string[] | null, hint?: string) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { errorId, hintId, describedBy: [errorId, hintId].filter(Boolean).join(" ") || undefined };
}

/** The hint and the errors under a control. */
export function FieldMessages({
  hint,
  hintId,
  errors,
  errorId,
}: {
  hint?: string;
  hintId?: string;
  errors?: string[] | null;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </>
  );
}

/** What a control needs from its frame: whether it is invalid, and the ids of its hint and errors. */
export type FieldDescribed = { invalid: boolean; describedBy?: string };

/**
 * A control with its label above and its hint and errors below, tied to it for screen readers: the frame
 * of every labelled field (text, text area, selects, combobox), which draws only its control.
 */
export function LabelledField({
  id,
  label,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[] | null;
  className?: string;
  children: (described: FieldDescribed) => React.ReactNode;
}) {
  const { errorId, hintId, describedBy } = fieldDescription(id, errors, hint);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ invalid: Boolean(errorId), describedBy })}
      <FieldMessages hint={hint} hintId={hintId} errors={errors} errorId={errorId} />
    </div>
  );
}

type TextFieldProps = {
  label: string;
  errors?: string[] | null;
  hint?: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
  className?: string;
};

export function TextField({ label, errors, hint, inputProps, className }: TextFieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <LabelledField id={id} label={label} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) => (
        <input
          {...inputProps}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn("control h-10", invalid && "control-invalid", inputProps.className)}
        />
      )}
    </LabelledField>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  textareaProps,
  className,
}: {
  label: string;
  errors?: string[] | null;
  hint?: string;
  textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement>;
  className?: string;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  return (
    <LabelledField id={id} label={label} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) => (
        <textarea
          rows={4}
          {...textareaProps}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn("control py-2", invalid && "control-invalid")}
        />
      )}
    </LabelledField>
  );
}

export function CheckboxField({
  label,
  inputProps,
}: {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <div className="flex items-center gap-2">
      <input
        {...inputProps}
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600"
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** A message for the whole form (e.g. 'Wrong email or password'). */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {errors.join(" ")}
    </div>
  );
}
