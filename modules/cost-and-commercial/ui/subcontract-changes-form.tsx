import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { subcontractPath } from "../server/downstream-basics";
import { CHANGE_LIMITS, type ChangeKind } from "../server/subcontract-changes-basics";
import { MoneyInput } from "./money-input";
import { useUpstreamText } from "./upstream-text";

/** The add form of a variation (title, amount — negative for omitted work —, submitted on) or a back charge. */
export function ChangeForm({
  subcontractId,
  kind,
  lastResult,
  open,
}: {
  subcontractId: string;
  kind: ChangeKind;
  lastResult: SubmissionResult<string[]> | undefined;
  open: boolean;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `${kind}-form`, lastResult });
  const k = kind === "variations" ? "variation" : "backCharge";
  const field = (name: string) => t(`cost-and-commercial:variation.fields.${name}`);
  if (!open)
    return (
      <p role="status" className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {t("cost-and-commercial:variation.errors.subcontractClosed")}
      </p>
    );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{t(`cost-and-commercial:${k}.createTitle`)}</h2>
      <p className="text-sm text-slate-600">{t(`cost-and-commercial:${k}.createIntro`)}</p>
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {kind === "variations" ? (
          <TextField
            label={`${field("title")} *`}
            errors={translate(fields.title.errors)}
            className="sm:col-span-2"
            inputProps={{
              ...getInputProps(fields.title, { type: "text" }),
              required: true,
              maxLength: CHANGE_LIMITS.title,
            }}
          />
        ) : (
          <TextAreaField
            label={`${field("description")} *`}
            errors={translate(fields.description.errors)}
            className="sm:col-span-2"
            textareaProps={{
              ...getTextareaProps(fields.description),
              required: true,
              maxLength: CHANGE_LIMITS.description,
              rows: 3,
            }}
          />
        )}
        <MoneyInput
          label={`${field("amount")} *`}
          name={fields.amount.name}
          hint={kind === "variations" ? t("cost-and-commercial:variation.amountHint") : undefined}
          defaultValue={fields.amount.initialValue as string | undefined}
          errors={translate(fields.amount.errors)}
          required
        />
        {kind === "variations" ? (
          <DateField
            label={field("submittedOn")}
            errors={translate(fields.submittedOn.errors)}
            inputProps={getInputProps(fields.submittedOn, { type: "date" })}
          />
        ) : (
          <DateField
            label={`${field("raisedOn")} *`}
            errors={translate(fields.raisedOn.errors)}
            inputProps={{ ...getInputProps(fields.raisedOn, { type: "date" }), required: true }}
          />
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={subcontractPath(subcontractId, kind)} className={buttonClass("secondary")}>
          {t("cost-and-commercial:variation.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(`cost-and-commercial:${k}.create`)}
        </Button>
      </div>
    </Form>
  );
}
