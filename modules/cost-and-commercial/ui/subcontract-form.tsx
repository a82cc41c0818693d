import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { SUBCONTRACT_LIMITS } from "../server/subcontract-basics";
import { ContractTermsFields } from "./contract-terms-fields";
import { MoneyInput } from "./money-input";
import { useUpstreamText } from "./upstream-text";

export type SubcontractFormValues = Record<
  | "code"
  | "title"
  | "company"
  | "type"
  | "contractSum"
  | "jurisdiction"
  | "retentionPercent"
  | "retentionCap"
  | "paymentScheduleDays"
  | "paymentDays"
  | "startDate"
  | "completionDate",
  string
>;

/**
 * A subcontract's terms: code, title, the company it is let to (fixed for who may not edit the supplier), type,
 * sum, the security-of-payment law, retention and its cap, the payment periods and dates. A plain post.
 */
export function SubcontractForm({
  mode,
  lastResult,
  defaultValue,
  companies,
  canChangeCompany,
  cancelTo,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: SubcontractFormValues;
  companies: { value: string; label: string }[];
  canChangeCompany: boolean;
  cancelTo: string;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `subcontract-${mode}`, lastResult, defaultValue });
  const label = (name: string, required = true) =>
    t(`cost-and-commercial:subcontract.fields.${name}`) + (required ? " *" : "");
  const initial = (name: keyof typeof fields) => fields[name].initialValue as string | undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          label={label("code")}
          errors={translate(fields.code.errors)}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            maxLength: SUBCONTRACT_LIMITS.code,
            required: true,
          }}
        />
        <TextField
          label={label("title")}
          errors={translate(fields.title.errors)}
          inputProps={{
            ...getInputProps(fields.title, { type: "text" }),
            maxLength: SUBCONTRACT_LIMITS.title,
            required: true,
          }}
        />
        {canChangeCompany ? (
          <NativeSelect
            label={label("company")}
            name={fields.company.name}
            placeholder={t("cost-and-commercial:headContract.choose")}
            defaultValue={initial("company")}
            options={companies}
            required
            errors={translate(fields.company.errors)}
          />
        ) : (
          <div>
            <input type="hidden" name={fields.company.name} value={initial("company") ?? ""} />
            <TextField
              label={label("company")}
              hint={t("cost-and-commercial:subcontract.companyFixed")}
              errors={translate(fields.company.errors)}
              inputProps={{
                readOnly: true,
                value: companies.find((company) => company.value === initial("company"))?.label ?? "",
              }}
            />
          </div>
        )}
        <ContractTermsFields
          fields={fields}
          label={label}
          afterRetention={
            <MoneyInput
              label={label("retentionCap", false)}
              name={fields.retentionCap.name}
              hint={t("cost-and-commercial:subcontract.retentionCapHint")}
              defaultValue={initial("retentionCap")}
              errors={translate(fields.retentionCap.errors)}
            />
          }
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("cost-and-commercial:upstream.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(
            mode === "create"
              ? "cost-and-commercial:subcontract.create"
              : "cost-and-commercial:upstream.form.save",
          )}
        </Button>
      </div>
    </Form>
  );
}
