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
import { Button, buttonClass } from "~/app/ui/button";
import { controlClass } from "~/app/ui/control-class";
import { DateField } from "~/app/ui/date-field";
import { FieldMessages, FormAlert, fieldDescription, TextAreaField, TextField } from "~/app/ui/field";
import { FormSection } from "~/app/ui/form-section";
import { formValidation } from "~/app/ui/form-validation";
import {
  LOT_DATE_FIELDS,
  LOT_FIELD_SECTIONS,
  LOT_TEXTAREA_FIELDS,
  type LotFieldSection,
  type LotForm as LotFormValues,
  lotFormSchema,
} from "../server/lot-rules";
import { useLotMessages } from "./lot-messages";

type Choice = { value: string; label: string };

type LotFormProps = {
  id: string;
  choices: { locations: Choice[]; companies: Choice[] };
  defaultValue?: Record<string, string>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  cancelTo: string;
};

type FieldName = keyof LotFormValues;

const DATE_FIELDS: ReadonlySet<string> = new Set(LOT_DATE_FIELDS);
const TEXTAREA_FIELDS: ReadonlySet<string> = new Set(LOT_TEXTAREA_FIELDS);
const NUMBER_FIELDS: ReadonlySet<string> = new Set(["chainageStart", "chainageEnd"]);

/** A choice that may be left empty: a native select keeps the "none" option and works without JavaScript. */
function OptionalSelect({
  label,
  field,
  options,
  noneLabel,
  errors,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
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

/** Spec 3's lot, every field a user enters, in the sections the detail tab shows too. */
export function LotForm({ id, choices, defaultValue, lastResult, submitLabel, cancelTo }: LotFormProps) {
  const { t, translate } = useLotMessages();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(lotFormSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lotFormSchema }),
  });

  const control = (name: FieldName) => {
    const field = fields[name] as FieldMetadata<string | undefined>;
    const label = t(`quality:lot.fields.${name}`) + (name === "title" ? " *" : "");
    const errors = translate(field.errors);
    if (name === "locationId")
      return (
        <OptionalSelect
          key={name}
          label={label}
          field={field}
          options={choices.locations}
          noneLabel={t("quality:lot.form.noLocation")}
          errors={errors}
        />
      );
    if (name === "subcontractorId")
      return (
        <OptionalSelect
          key={name}
          label={label}
          field={field}
          options={choices.companies}
          noneLabel={t("quality:lot.form.noSubcontractor")}
          errors={errors}
        />
      );
    if (DATE_FIELDS.has(name))
      return (
        <DateField
          key={name}
          label={label}
          errors={errors}
          inputProps={getInputProps(field, { type: "date" })}
        />
      );
    if (TEXTAREA_FIELDS.has(name))
      return (
        <TextAreaField
          key={name}
          label={label}
          errors={errors}
          className="sm:col-span-2"
          textareaProps={getTextareaProps(field)}
        />
      );
    if (NUMBER_FIELDS.has(name))
      return (
        <TextField
          key={name}
          label={label}
          errors={errors}
          hint={t("quality:lot.form.chainageHint")}
          // Text with a decimal keyboard: a number input would silently drop what it cannot parse.
          inputProps={{ ...getInputProps(field, { type: "text" }), inputMode: "decimal" }}
        />
      );
    return (
      <TextField
        key={name}
        label={label}
        errors={errors}
        inputProps={getInputProps(field, { type: "text" })}
      />
    );
  };

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      {(Object.keys(LOT_FIELD_SECTIONS) as LotFieldSection[]).map((section) => (
        <FormSection key={section} title={t(`quality:lot.sections.${section}`)}>
          {LOT_FIELD_SECTIONS[section].map((name) => control(name))}
        </FormSection>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("quality:lot.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
