import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { formValidation } from "~/app/ui/form-validation";
import { CRITERION_RESULTS } from "../domain/audit-workflow";
import { assessmentSchema, criterionSchema } from "../server/audit-rules";
import { NativeSelect } from "./action-form";
import { useAuditText } from "./audit-status";

const card = "grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2";

function Buttons({ cancelTo, submit }: { cancelTo: string; submit: string }) {
  const { t } = useAuditText();
  const navigation = useNavigation();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to={cancelTo} className={buttonClass("secondary")}>
        {t("safety:audit.form.cancel")}
      </Link>
      <Button type="submit" loading={navigation.state === "submitting"}>
        {submit}
      </Button>
    </div>
  );
}

/** A location's assessment: what the auditors found overall and the day they assessed it. */
export function AssessmentForm({
  lastResult,
  defaultValue,
  cancelTo,
  editing,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { summary: string; assessedOn: string };
  cancelTo: string;
  editing: boolean;
}) {
  const { t, translate } = useAuditText();
  const [form, fields] = useForm({
    id: "audit-assessment",
    lastResult,
    defaultValue: defaultValue ?? { assessedOn: new Date().toISOString().slice(0, 10) },
    constraint: getZodConstraint(assessmentSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assessmentSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className={card}>
        <DateField
          label={t("safety:audit.fields.assessedOn")}
          errors={translate(fields.assessedOn.errors)}
          inputProps={getInputProps(fields.assessedOn, { type: "date" })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t("safety:audit.fields.summary")}
          errors={translate(fields.summary.errors)}
          textareaProps={{ ...getTextareaProps(fields.summary), rows: 4 }}
        />
      </div>
      <Buttons
        cancelTo={cancelTo}
        submit={t(editing ? "safety:audit.form.save" : "safety:audit.assessment.create")}
      />
    </Form>
  );
}

/** One criterion assessed at a location: what is checked, the finding, a comment. */
export function CriterionForm({
  lastResult,
  defaultValue,
  cancelTo,
  editing,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { title: string; requirement: string; result: string; comment: string };
  cancelTo: string;
  editing: boolean;
}) {
  const { t, translate } = useAuditText();
  const [form, fields] = useForm({
    id: "audit-criterion",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(criterionSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: criterionSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className={card}>
        <TextField
          className="sm:col-span-2"
          label={`${t("safety:audit.fields.criterion")} *`}
          errors={translate(fields.title.errors)}
          inputProps={getInputProps(fields.title, { type: "text" })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t("safety:audit.fields.requirement")}
          errors={translate(fields.requirement.errors)}
          textareaProps={{ ...getTextareaProps(fields.requirement), rows: 2 }}
        />
        <NativeSelect
          label={`${t("safety:audit.fields.result")} *`}
          field={fields.result as FieldMetadata<unknown>}
          options={CRITERION_RESULTS.map((result) => ({
            value: result,
            label: t(`safety:audit.result.${result}`),
          }))}
          noneLabel={t("safety:audit.form.chooseResult")}
          errors={translate(fields.result.errors)}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t("safety:audit.fields.comment")}
          errors={translate(fields.comment.errors)}
          textareaProps={{ ...getTextareaProps(fields.comment), rows: 3 }}
        />
      </div>
      <Buttons
        cancelTo={cancelTo}
        submit={t(editing ? "safety:audit.form.save" : "safety:audit.criterion.create")}
      />
    </Form>
  );
}

/** The criteria template: download it, fill it in, upload it (one .xlsx; a wrong row refuses the whole file). */
export function TemplateUpload({
  title,
  templateHref,
  errors,
}: {
  title: string;
  templateHref: string;
  errors: string[] | null;
}) {
  const { t, translate } = useAuditText();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">
        {t("safety:audit.import.intro")}{" "}
        <a href={templateHref} className="record-link" download>
          {t("safety:audit.import.download")}
        </a>
      </p>
      <FormAlert errors={translate(errors ?? [])} />
      <FileDrop
        label={t("safety:audit.import.file")}
        name="workbook"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      />
      <Button type="submit" variant="secondary">
        {t("safety:audit.import.upload")}
      </Button>
    </Form>
  );
}

/** What the last post answered: the form's reply, or the template import's row errors. */
export function useTemplateResult() {
  const actionData = useActionData<SubmissionResult<string[]> | { importErrors: string[] }>();
  if (actionData && "importErrors" in actionData)
    return { importErrors: actionData.importErrors, lastResult: undefined };
  return { importErrors: null, lastResult: actionData };
}
