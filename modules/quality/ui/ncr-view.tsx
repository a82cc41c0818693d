import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId } from "react";
import type { z } from "zod";
import { Button, buttonClass } from "~/app/ui/button";
import { controlClass } from "~/app/ui/control-class";
import { DateField } from "~/app/ui/date-field";
import {
  CheckboxField,
  FieldMessages,
  FormAlert,
  fieldDescription,
  TextAreaField,
  TextField,
} from "~/app/ui/field";
import { FormSection } from "~/app/ui/form-section";
import { formValidation } from "~/app/ui/form-validation";
import { NCR_DISPOSITIONS, NCR_TYPES } from "../domain/ncr-workflow";
import { NCR_LIMITS } from "../server/ncr-rules";

import { useNcrText } from "./ncr-status";

export { NcrStatusBadge, useNcrText } from "./ncr-status";

type Choice = { value: string; label: string };
type AnyField = FieldMetadata<string | undefined>;

/** A choice that may be left empty: a native select, so it works without JavaScript. */
export function OptionalSelect({
  label,
  field,
  options,
  noneLabel,
  errors,
}: {
  label: string;
  field: AnyField;
  options: Choice[];
  noneLabel: string;
  errors?: string[];
}) {
  const id = useId();
  const { errorId, describedBy } = fieldDescription(id, errors);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className={controlClass(Boolean(errorId))}
      >
        <option value="">{noneLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages errors={errors} errorId={errorId} />
    </div>
  );
}

/** The ISO 9001 sections of an NCR, in the order the work happens: 8.7 (control), then 10.2 (correction). */
export const NCR_SECTIONS = {
  nonconformity: ["title", "description", "itpItemId"],
  control: ["containment", "disposition", "concessionAuthorisedBy", "clientToBeInformed"],
  correction: [
    "rootCause",
    "correctiveAction",
    "correctiveActionOwner",
    "correctiveActionDue",
    "effectivenessCheck",
  ],
} as const;
export type NcrSection = keyof typeof NCR_SECTIONS;
type DetailField = (typeof NCR_SECTIONS)[NcrSection][number];

const TEXTAREAS: ReadonlySet<string> = new Set([
  "description",
  "containment",
  "rootCause",
  "correctiveAction",
  "effectivenessCheck",
]);

type NcrFormProps = {
  id: string;
  schema: z.ZodType<Record<string, unknown>>;
  /** The raise form's head (type, lot, day) before the sections. */
  head?: (fields: Record<string, AnyField>) => React.ReactNode;
  sections: readonly NcrSection[];
  itpItems: Choice[] | null;
  defaultValue?: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  hidden?: Record<string, string>;
  submitLabel: string;
  cancelTo?: string;
};

/** The NCR's form: raising one (its head and the first sections) and saving the ISO sections while in progress. */
export function NcrForm({
  id,
  schema,
  head,
  sections,
  itpItems,
  defaultValue,
  lastResult,
  hidden,
  submitLabel,
  cancelTo,
}: NcrFormProps) {
  const { t, translate } = useNcrText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaultValue as Record<string, string | null | undefined> | undefined,
    constraint: getZodConstraint(schema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as Record<string, AnyField>;

  const control = (name: DetailField) => {
    const field = all[name];
    const label = t(`quality:ncr.fields.${name}`) + (name === "title" || name === "description" ? " *" : "");
    const errors = translate(field.errors);
    if (name === "itpItemId")
      return itpItems ? (
        <OptionalSelect
          key={name}
          label={label}
          field={field}
          options={itpItems}
          noneLabel={t("quality:ncr.form.noItpItem")}
          errors={errors}
        />
      ) : null;
    if (name === "disposition")
      return (
        <OptionalSelect
          key={name}
          label={label}
          field={field}
          options={NCR_DISPOSITIONS.map((value) => ({ value, label: t(`quality:ncr.disposition.${value}`) }))}
          noneLabel={t("quality:ncr.form.noDisposition")}
          errors={errors}
        />
      );
    if (name === "clientToBeInformed")
      return (
        <div key={name} className="sm:col-span-2">
          <CheckboxField label={label} inputProps={getInputProps(field, { type: "checkbox" })} />
          <FieldMessages errors={errors} errorId={errors?.length ? `${field.id}-error` : undefined} />
        </div>
      );
    if (name === "correctiveActionDue")
      return (
        <DateField
          key={name}
          label={label}
          errors={errors}
          inputProps={getInputProps(field, { type: "date" })}
        />
      );
    if (TEXTAREAS.has(name))
      return (
        <TextAreaField
          key={name}
          label={label}
          errors={errors}
          className="sm:col-span-2"
          textareaProps={{ ...getTextareaProps(field), maxLength: NCR_LIMITS.text, rows: 3 }}
        />
      );
    return (
      <TextField
        key={name}
        label={label}
        errors={errors}
        hint={name === "concessionAuthorisedBy" ? t("quality:ncr.form.concessionHint") : undefined}
        inputProps={getInputProps(field, { type: "text" })}
      />
    );
  };

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {hidden
        ? Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      {head ? head(all) : null}
      {sections.map((section) => (
        <FormSection key={section} title={t(`quality:ncr.sections.${section}`)}>
          {NCR_SECTIONS[section].map((name) => control(name))}
        </FormSection>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        {cancelTo ? (
          <Link to={cancelTo} className={buttonClass("secondary")}>
            {t("quality:ncr.form.cancel")}
          </Link>
        ) : null}
        <Button type="submit" loading={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** The raise form's head: product or system, the lot (fixed when raised from the lot), the day. */
export function NcrRaiseHead({
  fields,
  lot,
}: {
  fields: Record<string, AnyField>;
  lot: { id: string; number: string; title: string } | null;
}) {
  const { t, translate } = useNcrText();
  const typeErrors = translate(fields.type.errors);
  return (
    <FormSection title={t("quality:ncr.sections.raise")}>
      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">{t("quality:ncr.fields.type")} *</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {NCR_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={fields.type.name}
                value={type}
                defaultChecked={fields.type.initialValue === type}
                required
              />
              {t(`quality:ncr.type.${type}`)}
            </label>
          ))}
        </div>
        <FieldMessages
          errors={typeErrors}
          errorId={typeErrors?.length ? `${fields.type.id}-error` : undefined}
        />
      </fieldset>
      {lot ? (
        <div>
          <p className="block text-sm font-medium text-slate-800">{t("quality:ncr.fields.lot")}</p>
          <p className="mt-2 text-sm text-slate-900">
            {lot.number} · {lot.title}
          </p>
          <input type="hidden" name={fields.lotNumber.name} value={lot.number} />
        </div>
      ) : (
        <TextField
          label={t("quality:ncr.fields.lotNumber")}
          hint={t("quality:ncr.form.lotHint")}
          errors={translate(fields.lotNumber.errors)}
          inputProps={getInputProps(fields.lotNumber, { type: "text" })}
        />
      )}
      <DateField
        label={`${t("quality:ncr.fields.raisedOn")} *`}
        errors={translate(fields.raisedOn.errors)}
        inputProps={getInputProps(fields.raisedOn, { type: "date" })}
      />
    </FormSection>
  );
}
