import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { Select } from "~/app/ui/select";
import { useAdminMessages } from "./company-messages";
import { COMPANY_STATUS_VALUES } from "./company-status";

export type CompanyFormValues = {
  name: string;
  status: string;
  trade: string | null;
  erpPartnerCompanyId: string | null;
  taxId: string | null;
  phone: string | null;
  address: string | null;
  country: string | null;
  description: string | null;
};

type CompanyFormProps = {
  id: string;
  /** The same zod schema the server validates with, so the browser shows the same messages first. */
  schema: z.ZodType<any>;
  intent: "create" | "update";
  defaultValue?: Partial<CompanyFormValues>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  /** A cancel button or link next to the submit button. */
  secondaryAction?: React.ReactNode;
};

const TEXT_FIELDS = ["trade", "erpPartnerCompanyId", "taxId", "phone", "country"] as const;

/** The company fields of spec 3, for Add company and for editing the Overview. */
export function CompanyForm({
  id,
  schema,
  intent,
  defaultValue,
  lastResult,
  submitLabel,
  secondaryAction,
}: CompanyFormProps) {
  const { t, translate } = useAdminMessages();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { status: "IN_PROGRESS", ...withoutNulls(defaultValue) },
    constraint: getZodConstraint(schema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("companies:fields.name")}
          errors={translate(fields.name.errors)}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "organization" }}
        />
        <Select
          label={t("companies:fields.status")}
          name={fields.status.name}
          defaultValue={String(fields.status.initialValue ?? "IN_PROGRESS")}
          options={COMPANY_STATUS_VALUES.map((status) => ({
            value: status,
            label: t(`companies:status.${status}`),
          }))}
          errors={translate(fields.status.errors)}
        />
        {TEXT_FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`companies:fields.${name}`)}
            errors={translate(fields[name].errors)}
            hint={name === "phone" ? t("companies:hints.phone") : undefined}
            inputProps={getInputProps(fields[name], { type: name === "phone" ? "tel" : "text" })}
          />
        ))}
        <TextField
          className="sm:col-span-2"
          label={t("companies:fields.address")}
          errors={translate(fields.address.errors)}
          inputProps={getInputProps(fields.address, { type: "text" })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={t("companies:fields.description")}
          errors={translate(fields.description.errors)}
          textareaProps={getTextareaProps(fields.description)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {secondaryAction}
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function withoutNulls(values: Partial<CompanyFormValues> | undefined) {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== null));
}
