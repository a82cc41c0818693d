import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextField } from "~/app/ui/field";
import { FormSection } from "~/app/ui/form-section";
import { formValidation } from "~/app/ui/form-validation";
import { type AuditKind, MAX_AUDIT_ASSIGNEES } from "../domain/audit-workflow";
import { AUDIT_INTENTS, scheduleSchema } from "../server/audit-rules";
import type { ScheduleFormChoices, ScheduleFormValues } from "../server/audits.server";
import { NativeSelect } from "./action-form";
import { useAuditText } from "./audit-status";

/**
 * The schedule form (spec 3 "Audit schedule"): created on the kind's create page and edited on the details
 * page (edit=true). The people are members of the project; auditors and PDP representatives at most 100
 * each ('Maximum 100 users allowed.'). Works without JavaScript.
 */
export function AuditScheduleForm({
  kind,
  mode,
  choices,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  kind: AuditKind;
  mode: "create" | "edit";
  choices: ScheduleFormChoices;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<ScheduleFormValues>;
  cancelTo: string;
}) {
  const { t, translate } = useAuditText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `audit-schedule-${mode}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(scheduleSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleSchema }),
  });
  const all = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const label = (name: string, required = false) => t(`safety:audit.fields.${name}`) + (required ? " *" : "");
  const errors = (name: string) => translate(all[name]?.errors);
  const text = (name: keyof typeof fields, required = false, type: "text" | "date" = "text") =>
    type === "date" ? (
      <DateField
        label={label(name, required)}
        errors={errors(name)}
        inputProps={getInputProps(fields[name] as FieldMetadata<string>, { type: "date" })}
      />
    ) : (
      <TextField
        label={label(name, required)}
        errors={errors(name)}
        inputProps={getInputProps(fields[name] as FieldMetadata<string>, { type: "text" })}
      />
    );
  const people = (name: string, title: string, options: { multiple?: boolean; none?: string } = {}) => (
    <NativeSelect
      label={title}
      field={all[name]}
      options={choices.members}
      multiple={options.multiple}
      noneLabel={options.none}
      hint={options.multiple ? t("safety:audit.form.peopleHint", { max: MAX_AUDIT_ASSIGNEES }) : undefined}
      errors={errors(name)}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      {mode === "edit" ? <input type="hidden" name="intent" value={AUDIT_INTENTS.save} /> : null}
      <FormSection title={t("safety:audit.form.what")}>
        <div className="sm:col-span-2">{text("task", true)}</div>
        {text("zone")}
        <NativeSelect
          label={label("location")}
          field={all.locationId}
          options={choices.locations}
          noneLabel={t("safety:audit.form.chooseLocation")}
          hint={t("safety:audit.form.locationHint")}
          errors={errors("locationId")}
        />
        {text("workPackage")}
        {text("internalReferenceNumber")}
        {text("tssReading")}
        <TextField
          label={label("physicalWorkPercentage")}
          errors={errors("physicalWorkPercentage")}
          inputProps={{
            ...getInputProps(fields.physicalWorkPercentage as FieldMetadata<string>, { type: "text" }),
            inputMode: "numeric",
          }}
        />
      </FormSection>
      <FormSection title={t("safety:audit.form.when")}>
        {text("estimatedStartDate", false, "date")}
        {text("estimatedEndDate", false, "date")}
        {text("startDate", false, "date")}
        {text("completionDate", false, "date")}
        {text("reportDueDate", false, "date")}
      </FormSection>
      <FormSection title={t("safety:audit.form.who")}>
        {people("leadAuditorId", label(`leadAuditor.${kind}`, true), {
          none: t("safety:audit.form.choosePerson"),
        })}
        {people("responsiblePersonId", label("responsiblePerson"), {
          none: t("safety:audit.form.choosePerson"),
        })}
        {people("auditorIds", label(`auditors.${kind}`), { multiple: true })}
        {people("pdpIds", label("pdpRepresentatives"), { multiple: true })}
      </FormSection>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:audit.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? `safety:audit.form.create.${kind}` : "safety:audit.form.save")}
        </Button>
      </div>
    </Form>
  );
}
