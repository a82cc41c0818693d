import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { Button, buttonClass } from "~/app/ui/button";
import { controlClass } from "~/app/ui/control-class";
import {
  CheckboxField,
  FieldMessages,
  FormAlert,
  fieldDescription,
  TextAreaField,
  TextField,
} from "~/app/ui/field";
import { INCIDENT_LIMITS } from "../domain/incident-fields";
import { useIncidentText } from "./incident-status";

/**
 * Small pieces the incident forms share: plain server-validated fields (every form works without
 * JavaScript), their errors and values from the last refused post, a select from a reference list.
 */

export type Values = Record<string, unknown>;

/** The last post's errors and values, and the stored values to start from otherwise. */
export function useFormState(stored: Values) {
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const { translate } = useIncidentText();
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const posted = lastResult?.initialValue as Values | undefined;
  const value = (name: string): string => {
    const source = posted ?? stored;
    const found = source?.[name];
    if (found === null || found === undefined) return "";
    return Array.isArray(found) ? String(found[0] ?? "") : String(found);
  };
  const values = (name: string): string[] => {
    const found = (posted ?? stored)?.[name];
    if (found === null || found === undefined || found === "") return [];
    return Array.isArray(found) ? found.map(String) : [String(found)];
  };
  return {
    errorsOf: (name: string) => translate(errors[name] ?? undefined),
    formErrors: translate(errors[""] ?? undefined),
    value,
    values,
    posted: Boolean(posted),
  };
}
export type FormState = ReturnType<typeof useFormState>;

export function Text({
  state,
  name,
  label,
  required,
  max = INCIDENT_LIMITS.short,
  type = "text",
  className,
  hint,
}: {
  state: FormState;
  name: string;
  label: string;
  required?: boolean;
  max?: number;
  type?: string;
  className?: string;
  hint?: string;
}) {
  return (
    <TextField
      className={className}
      label={required ? `${label} *` : label}
      hint={hint}
      errors={state.errorsOf(name)}
      inputProps={{
        name,
        type,
        defaultValue: state.value(name),
        required,
        maxLength: type === "text" ? max : undefined,
      }}
    />
  );
}

export function LongText({
  state,
  name,
  label,
  required,
  className = "sm:col-span-2",
}: {
  state: FormState;
  name: string;
  label: string;
  required?: boolean;
  className?: string;
}) {
  return (
    <TextAreaField
      className={className}
      label={required ? `${label} *` : label}
      errors={state.errorsOf(name)}
      textareaProps={{
        name,
        defaultValue: state.value(name),
        rows: 3,
        maxLength: INCIDENT_LIMITS.text,
        required,
      }}
    />
  );
}

export function Choice({
  state,
  name,
  label,
  options,
  required,
  none,
  className,
  hint,
}: {
  state: FormState;
  name: string;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  none?: string;
  className?: string;
  hint?: string;
}) {
  const id = useId();
  const errors = state.errorsOf(name);
  const { errorId, hintId, describedBy } = fieldDescription(id, errors, hint);
  const current = state.value(name);
  // A stored value no longer in the list (an archived reference item) is still offered, so saving keeps it.
  const all =
    current && !options.some((option) => option.value === current)
      ? [{ value: current, label: current }, ...options]
      : options;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {required ? `${label} *` : label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={current}
        required={required}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass(Boolean(errorId))}
      >
        <option value="">{none ?? "—"}</option>
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages errors={errors} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

export function Check({ state, name, label }: { state: FormState; name: string; label: string }) {
  const checked = ["on", "true"].includes(state.value(name));
  return <CheckboxField label={label} inputProps={{ name, defaultChecked: checked }} />;
}

/** The save bar of a step: Cancel back to the incident, and Save. */
export function SaveBar({ cancelTo, label }: { cancelTo: string; label?: string }) {
  const { t } = useIncidentText();
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to={cancelTo} className={buttonClass("secondary")}>
        {t("safety:incident.form.cancel")}
      </Link>
      <Button type="submit" loading={navigation.state === "submitting"}>
        {label ?? t("safety:incident.form.save")}
      </Button>
    </div>
  );
}

/** A post form with its form-level errors on top. */
export function StepForm({
  state,
  children,
  intent,
  className = "space-y-6",
}: {
  state: FormState;
  children: React.ReactNode;
  intent?: string;
  className?: string;
}) {
  return (
    <Form method="post" className={className} noValidate>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormAlert errors={state.formErrors} />
      {children}
    </Form>
  );
}
