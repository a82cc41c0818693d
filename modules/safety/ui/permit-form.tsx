import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { NativeSelect } from "~/app/ui/native-select";
import { PERMIT_TYPES } from "../domain/permit-workflow";
import { permitFormSchema } from "../server/permit-rules";
import { usePermitText } from "./permit-status";

type Choice = { value: string; label: string };

export type PermitFormValues = Record<
  | "type"
  | "title"
  | "description"
  | "locationId"
  | "issuerId"
  | "receiverId"
  | "fromDate"
  | "fromTime"
  | "toDate"
  | "toTime"
  | "conditions",
  string
>;

/**
 * The permit form: the type (its checklist comes with it and is answered on the permit's page), the work,
 * where, the issuer and the receiver, the period on the project's clock and the conditions. Works without
 * JavaScript (a plain post; the server checks the same schema).
 */
export function PermitForm({
  mode,
  choices,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  choices: { members: Choice[]; locations: Choice[]; timeZone: string };
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<PermitFormValues>;
  cancelTo: string;
}) {
  const { t, translate } = usePermitText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `permit-${mode}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(permitFormSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: permitFormSchema }),
  });
  const all = fields as unknown as Record<
    string,
    { name: string; initialValue?: unknown; errors?: string[] }
  >;
  const label = (name: string, required = false) =>
    t(`safety:permit.fields.${name}`) + (required ? " *" : "");
  const errors = (name: string) => translate(all[name]?.errors);
  const initial = (name: string) => (all[name]?.initialValue as string | undefined) ?? undefined;
  const select = (name: string, options: Choice[], placeholder: string, required = false) => (
    <NativeSelect
      label={label(name, required)}
      name={all[name].name}
      placeholder={placeholder}
      defaultValue={initial(name)}
      required={required}
      options={options}
      errors={errors(name)}
    />
  );
  const chooseMember = t("safety:permit.form.chooseMember");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {select(
          "type",
          PERMIT_TYPES.map((type) => ({ value: type, label: t(`safety:permit.type.${type}`) })),
          t("safety:permit.form.chooseType"),
          true,
        )}
        {select("locationId", choices.locations, t("safety:permit.form.chooseLocation"))}
        <TextField
          className="sm:col-span-2"
          label={label("title", true)}
          errors={errors("title")}
          inputProps={getInputProps(fields.title, { type: "text" })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("description")}
          errors={errors("description")}
          textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        />
        {select("issuerId", choices.members, chooseMember, true)}
        {select("receiverId", choices.members, chooseMember, true)}
        <p className="text-xs text-slate-500 sm:col-span-2">
          {t("safety:permit.form.timeZoneHint", { zone: choices.timeZone })}
        </p>
        <DateField
          label={label("fromDate", true)}
          errors={errors("fromDate")}
          inputProps={getInputProps(fields.fromDate, { type: "date" })}
        />
        <TextField
          label={label("fromTime", true)}
          errors={errors("fromTime")}
          inputProps={{ ...getInputProps(fields.fromTime, { type: "time" }), placeholder: "07:00" }}
        />
        <DateField
          label={label("toDate", true)}
          errors={errors("toDate")}
          inputProps={getInputProps(fields.toDate, { type: "date" })}
        />
        <TextField
          label={label("toTime", true)}
          errors={errors("toTime")}
          inputProps={{ ...getInputProps(fields.toTime, { type: "time" }), placeholder: "17:00" }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("conditions")}
          hint={t("safety:permit.form.conditionsHint")}
          errors={errors("conditions")}
          textareaProps={{ ...getTextareaProps(fields.conditions), rows: 4 }}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:permit.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "safety:permit.form.create" : "safety:permit.form.save")}
        </Button>
      </div>
    </Form>
  );
}
