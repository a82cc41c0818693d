import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { UPSTREAM_LIMITS, upstreamPath } from "../server/upstream-basics";
import { ContractTermsFields } from "./contract-terms-fields";
import { useUpstreamText } from "./upstream-text";

export type HeadContractFormValues = Record<
  | "code"
  | "description"
  | "client"
  | "type"
  | "contractSum"
  | "jurisdiction"
  | "retentionPercent"
  | "paymentScheduleDays"
  | "paymentDays"
  | "startDate"
  | "completionDate",
  string
>;

/**
 * The head contract's terms: code, description, client, type, contract sum, the security-of-payment law, the
 * retention and the contract's own payment periods (business days; empty: the law's), and its dates. A plain
 * post, checked on the server: it works without JavaScript.
 */
export function HeadContractForm({
  mode,
  lastResult,
  defaultValue,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: HeadContractFormValues;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `head-contract-${mode}`, lastResult, defaultValue });
  const label = (name: string, required = true) =>
    t(`cost-and-commercial:headContract.fields.${name}`) + (required ? " *" : "");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          label={label("code")}
          errors={translate(fields.code.errors)}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            maxLength: UPSTREAM_LIMITS.code,
            required: true,
          }}
        />
        <TextField
          label={label("client")}
          errors={translate(fields.client.errors)}
          inputProps={{
            ...getInputProps(fields.client, { type: "text" }),
            maxLength: UPSTREAM_LIMITS.client,
            required: true,
          }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("description")}
          errors={translate(fields.description.errors)}
          textareaProps={{
            ...getTextareaProps(fields.description),
            maxLength: UPSTREAM_LIMITS.description,
            required: true,
          }}
        />
        <ContractTermsFields fields={fields} label={label} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={upstreamPath()} className={buttonClass("secondary")}>
          {t("cost-and-commercial:upstream.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(
            mode === "create"
              ? "cost-and-commercial:headContract.create"
              : "cost-and-commercial:upstream.form.save",
          )}
        </Button>
      </div>
    </Form>
  );
}
