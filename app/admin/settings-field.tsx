import { CheckboxField, ErrorList, TextAreaField, TextField } from "~/app/ui/field";
import { Select } from "~/app/ui/select";

/** One field of a settings form, as the loader describes it from the module's schema. */
export type SettingsFieldView = {
  name: string;
  kind: "boolean" | "text" | "textarea" | "email" | "url" | "number" | "select";
  label: string;
  required: boolean;
  options?: string[];
  optionLabels?: Record<string, string>;
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
};

type SettingsFieldInputProps = {
  formKey: string;
  field: SettingsFieldView;
  /** The value in force, or what the user submitted when the form came back with errors. */
  value: string | number | boolean | null | undefined;
  errors?: string[] | null;
  readOnly: boolean;
};

const inputTypes = { text: "text", email: "email", url: "url", number: "number" } as const;

/** The control a field's type calls for: a checkbox, a text, email, URL or number input, or a select. */
export function SettingsFieldInput({ formKey, field, value, errors, readOnly }: SettingsFieldInputProps) {
  const id = `${formKey}-${field.name}`;
  if (field.kind === "boolean") {
    return (
      <div>
        <CheckboxField
          label={field.label}
          inputProps={{ id, name: field.name, defaultChecked: value === true, disabled: readOnly }}
        />
        <ErrorList errors={errors} />
      </div>
    );
  }
  if (field.kind === "select") {
    return (
      <Select
        label={field.label}
        name={field.name}
        defaultValue={value === null || value === undefined ? undefined : String(value)}
        required={field.required}
        disabled={readOnly}
        errors={errors}
        options={(field.options ?? []).map((option) => ({
          value: option,
          label: field.optionLabels?.[option] ?? option,
        }))}
      />
    );
  }
  if (field.kind === "textarea") {
    return (
      <TextAreaField
        label={field.label}
        errors={errors}
        className="sm:col-span-2"
        textareaProps={{
          id,
          name: field.name,
          rows: 8,
          defaultValue: value === null || value === undefined ? "" : String(value),
          required: field.required,
          readOnly,
          maxLength: field.maxLength,
        }}
      />
    );
  }
  return (
    <TextField
      label={field.label}
      errors={errors}
      inputProps={{
        id,
        name: field.name,
        type: inputTypes[field.kind],
        defaultValue: value === null || value === undefined ? "" : String(value),
        required: field.required,
        readOnly,
        maxLength: field.maxLength,
        min: field.min,
        max: field.max,
        step: field.kind === "number" ? (field.integer ? 1 : "any") : undefined,
        inputMode: field.kind === "number" ? (field.integer ? "numeric" : "decimal") : undefined,
      }}
    />
  );
}
