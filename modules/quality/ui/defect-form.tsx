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
import { DEFECT_PRIORITIES } from "../domain/defect-workflow";
import { DEFECT_PATH, defectFormSchema, defectPath } from "../server/defect-rules";
import type { DefectFormChoices } from "../server/defects.server";
import { useDefectText } from "./defect-view";

type Choice = { value: string; label: string };

/** A native select: it works without JavaScript and keeps its "none" option when there is one. */
function NativeSelect({
  label,
  field,
  options,
  noneLabel,
  errors,
  hint,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  options: Choice[];
  noneLabel?: string;
  errors?: string[];
  hint?: string;
}) {
  const id = useId();
  const { errorId, hintId, describedBy } = fieldDescription(id, errors, hint);
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
        {noneLabel !== undefined ? <option value="">{noneLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages errors={errors} errorId={errorId} hint={hint} hintId={hintId} />
    </div>
  );
}

/** A saved defect being edited: its id, its values, and whether it is still a draft (no assignee needed). */
export type DefectEdit = { defectId: string; isDraft: boolean; values: Record<string, string> };

/**
 * The defect form: what, where, who fixes it and by when; saved as a draft or raised at once, or — given
 * `edit` — the same fields of a saved defect, saved as they are (the defect keeps its state).
 */
export function DefectForm({
  choices,
  lastResult,
  edit,
}: {
  choices: DefectFormChoices;
  lastResult?: SubmissionResult<string[]> | null;
  edit?: DefectEdit;
}) {
  const { t, translate } = useDefectText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: edit ? "defect-edit" : "defect-create",
    lastResult,
    defaultValue: edit ? edit.values : { priority: "normal" },
    constraint: getZodConstraint(defectFormSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: defectFormSchema }),
  });
  const label = (name: string, required = false) =>
    t(`quality:defect.fields.${name}`) + (required ? " *" : "");
  const errors = (field: { errors?: string[] }) => translate(field.errors);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      {/* The edit keeps the defect's state: a raised defect still needs its assignee, a draft does not. */}
      {edit ? <input type="hidden" name="save" value={edit.isDraft ? "draft" : "raise"} /> : null}
      <FormSection>
        <TextField
          className="sm:col-span-2"
          label={label("title", true)}
          errors={errors(fields.title)}
          inputProps={getInputProps(fields.title, { type: "text" })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("description")}
          errors={errors(fields.description)}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
        />
        <NativeSelect
          label={label("location")}
          field={fields.locationId}
          options={choices.locations}
          noneLabel={t("quality:defect.form.noLocation")}
          errors={errors(fields.locationId)}
        />
        <TextField
          label={label("lotNumber")}
          hint={t("quality:defect.form.lotHint")}
          errors={errors(fields.lotNumber)}
          inputProps={getInputProps(fields.lotNumber, { type: "text" })}
        />
        <NativeSelect
          label={label("company")}
          field={fields.companyId}
          options={choices.companies}
          noneLabel={t("quality:defect.form.noCompany")}
          errors={errors(fields.companyId)}
        />
        <NativeSelect
          label={label("assignee")}
          field={fields.assigneeId}
          options={choices.members}
          noneLabel={t("quality:defect.form.noAssignee")}
          hint={t("quality:defect.form.assigneeHint")}
          errors={errors(fields.assigneeId)}
        />
        <DateField
          label={label("dueDate")}
          errors={errors(fields.dueDate)}
          inputProps={getInputProps(fields.dueDate, { type: "date" })}
        />
        <NativeSelect
          label={label("priority", true)}
          field={fields.priority}
          options={DEFECT_PRIORITIES.map((priority) => ({
            value: priority,
            label: t(`quality:defect.priority.${priority}`),
          }))}
          errors={errors(fields.priority)}
        />
      </FormSection>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={edit ? defectPath(edit.defectId) : DEFECT_PATH} className={buttonClass("secondary")}>
          {t("quality:defect.form.cancel")}
        </Link>
        {edit ? (
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("quality:defectEdit.save")}
          </Button>
        ) : (
          <>
            <Button type="submit" name="save" value="draft" variant="secondary">
              {t("quality:defect.form.saveDraft")}
            </Button>
            <Button type="submit" name="save" value="raise" loading={navigation.state === "submitting"}>
              {t("quality:defect.form.raise")}
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
