import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { DateField } from "~/app/ui/date-field";
import { TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { CONTRACT_TYPES, JURISDICTIONS } from "../domain/vocabularies";
import { MoneyInput } from "./money-input";
import { useUpstreamText } from "./upstream-text";

export const CONTRACT_TERMS_FIELDS = [
  "type",
  "contractSum",
  "jurisdiction",
  "retentionPercent",
  "paymentScheduleDays",
  "paymentDays",
  "startDate",
  "completionDate",
] as const;
export type ContractTermsField = (typeof CONTRACT_TERMS_FIELDS)[number];

/**
 * The terms a head contract and a subcontract share: type, sum, the security-of-payment law, retention, the
 * contract's own payment periods (business days; empty: the law's) and its dates. Each form names them in its
 * own words (`label`); a subcontract's retention cap goes right after the retention (`afterRetention`).
 */
export function ContractTermsFields({
  fields,
  label,
  afterRetention,
}: {
  fields: Record<ContractTermsField, FieldMetadata<string | undefined>>;
  label: (name: ContractTermsField, required?: boolean) => string;
  afterRetention?: ReactNode;
}) {
  const { t, translate } = useUpstreamText();
  const initial = (name: ContractTermsField) => fields[name].initialValue as string | undefined;
  const daysHint = t("cost-and-commercial:headContract.daysHint");
  return (
    <>
      <NativeSelect
        label={label("type")}
        name={fields.type.name}
        placeholder={t("cost-and-commercial:headContract.choose")}
        defaultValue={initial("type")}
        options={CONTRACT_TYPES.map((type) => ({
          value: type,
          label: t(`cost-and-commercial:vocab.contractType.${type}`),
        }))}
        required
        errors={translate(fields.type.errors)}
      />
      <MoneyInput
        label={label("contractSum")}
        name={fields.contractSum.name}
        defaultValue={initial("contractSum")}
        errors={translate(fields.contractSum.errors)}
        required
      />
      <NativeSelect
        label={label("jurisdiction")}
        name={fields.jurisdiction.name}
        defaultValue={initial("jurisdiction") ?? "NSW"}
        options={JURISDICTIONS.map((jurisdiction) => ({
          value: jurisdiction,
          label: t(`cost-and-commercial:vocab.jurisdiction.${jurisdiction}`),
        }))}
        required
        errors={translate(fields.jurisdiction.errors)}
      />
      <TextField
        label={label("retentionPercent", false)}
        errors={translate(fields.retentionPercent.errors)}
        inputProps={{ ...getInputProps(fields.retentionPercent, { type: "text" }), inputMode: "decimal" }}
      />
      {afterRetention}
      <TextField
        label={label("paymentScheduleDays", false)}
        hint={daysHint}
        errors={translate(fields.paymentScheduleDays.errors)}
        inputProps={{
          ...getInputProps(fields.paymentScheduleDays, { type: "text" }),
          inputMode: "numeric",
        }}
      />
      <TextField
        label={label("paymentDays", false)}
        hint={daysHint}
        errors={translate(fields.paymentDays.errors)}
        inputProps={{ ...getInputProps(fields.paymentDays, { type: "text" }), inputMode: "numeric" }}
      />
      <DateField
        label={label("startDate", false)}
        errors={translate(fields.startDate.errors)}
        inputProps={getInputProps(fields.startDate, { type: "date" })}
      />
      <DateField
        label={label("completionDate", false)}
        errors={translate(fields.completionDate.errors)}
        inputProps={getInputProps(fields.completionDate, { type: "date" })}
      />
    </>
  );
}
