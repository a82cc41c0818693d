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
import { FileDrop } from "~/app/ui/file-drop";
import { formValidation } from "~/app/ui/form-validation";
import { MAX_WATCHERS, RISK_RANKINGS } from "../domain/action-workflow";
import { ACTION_LIMITS, actionCreateSchema, actionEditSchema } from "../server/action-rules";
import type { ActionFormChoices } from "../server/actions.server";
import { useActionText } from "./action-view";

type Choice = { value: string; label: string };

/**
 * A native select bound to a conform field (one value, or several with `multiple`): it works without
 * JavaScript. Also the audit schedule form's people pickers.
 */
export function NativeSelect({
  label,
  field,
  options,
  noneLabel,
  errors,
  hint,
  multiple,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  options: Choice[];
  noneLabel?: string;
  errors?: string[];
  hint?: string;
  multiple?: boolean;
}) {
  const id = useId();
  const { errorId, hintId, describedBy } = fieldDescription(id, errors, hint);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...getSelectProps(field as FieldMetadata<string | string[] | undefined>, { value: false })}
        // Picking none of several is allowed: the schema's array is never "required" in the browser.
        {...(multiple ? { required: false } : {})}
        defaultValue={(field.initialValue as string | string[] | undefined) ?? (multiple ? [] : "")}
        multiple={multiple}
        size={multiple ? Math.min(8, Math.max(3, options.length)) : undefined}
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

export type ActionFormValues = {
  title: string;
  description: string;
  label: string;
  riskRanking: string;
  dueDate: string;
  watcherIds: string[];
};

/**
 * The action form. Creating names the assignee and may carry evidence (a multipart post, 100 MB a file);
 * editing changes the fields and the watchers (the assignee has its own re-assign step on the action).
 */
export function ActionForm({
  mode,
  choices,
  lastResult,
  defaultValue,
  cancelTo,
  source,
}: {
  mode: "create" | "edit";
  choices: ActionFormChoices;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: ActionFormValues;
  cancelTo: string;
  /** The record the action is raised from (an observation, a failed scan): posted with the form. */
  source?: { type: string; id: string; label: string; href: string } | null;
}) {
  const { t, translate } = useActionText();
  const navigation = useNavigation();
  const schema = mode === "create" ? actionCreateSchema : actionEditSchema;
  const [form, fields] = useForm({
    id: `action-${mode}`,
    lastResult,
    defaultValue: defaultValue ?? { riskRanking: "medium" },
    constraint: getZodConstraint(schema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const allFields = fields as unknown as Record<string, FieldMetadata<unknown>>;
  const label = (name: string, required = false) =>
    t(`safety:action.fields.${name}`) + (required ? " *" : "");
  const errors = (field: { errors?: string[] }) => translate(field.errors);
  const labelListId = useId();
  const evidenceErrors = (lastResult?.error as Record<string, string[]> | undefined)?.evidence;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={mode === "create" ? "multipart/form-data" : undefined}
      className="space-y-6"
    >
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      {mode === "create" && source ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          <input type="hidden" name="sourceType" value={source.type} />
          <input type="hidden" name="sourceId" value={source.id} />
          {t("safety:action.fields.raisedFrom")}:{" "}
          <Link to={source.href} className="record-link">
            {source.label}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
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
          textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        />
        <TextField
          label={label("label")}
          hint={t("safety:action.form.labelHint")}
          errors={errors(fields.label)}
          inputProps={{
            ...getInputProps(fields.label, { type: "text" }),
            list: labelListId,
            maxLength: ACTION_LIMITS.label,
          }}
        />
        <datalist id={labelListId}>
          {choices.labels.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
        <NativeSelect
          label={label("riskRanking", true)}
          field={fields.riskRanking as FieldMetadata<unknown>}
          options={RISK_RANKINGS.map((risk) => ({ value: risk, label: t(`safety:action.risk.${risk}`) }))}
          errors={errors(fields.riskRanking)}
        />
        {mode === "create" ? (
          <NativeSelect
            label={label("assignee", true)}
            field={allFields.assigneeId}
            options={choices.members}
            noneLabel={t("safety:action.form.chooseAssignee")}
            errors={errors(allFields.assigneeId)}
          />
        ) : null}
        <DateField
          label={label("dueDate")}
          errors={errors(fields.dueDate)}
          inputProps={getInputProps(fields.dueDate, { type: "date" })}
        />
        <div className="sm:col-span-2">
          <NativeSelect
            label={label("watchers")}
            field={fields.watcherIds as FieldMetadata<unknown>}
            options={choices.members}
            multiple
            hint={t("safety:action.form.watchersHint", { max: MAX_WATCHERS })}
            errors={errors(fields.watcherIds)}
          />
        </div>
        {mode === "create" ? (
          <FileDrop
            className="sm:col-span-2"
            label={label("evidence")}
            name="evidence"
            multiple
            errors={translate(evidenceErrors)}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:action.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "safety:action.form.create" : "safety:action.form.save")}
        </Button>
      </div>
    </Form>
  );
}
