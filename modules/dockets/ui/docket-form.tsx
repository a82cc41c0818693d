import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass, FormIntentButton } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { DOCKET_TYPES } from "../domain/docket-states";
import { DOCKET_LIMITS } from "../server/docket-basics";
import { docketFormSchema } from "../server/docket-rules";
import type { DocketFormChoices, DocketItemValues } from "../server/dockets.server";
import { useDocketText } from "./docket-text";

export type DocketFormValues = {
  docketDate: string;
  companyId: string;
  abn: string;
  poNumber: string;
  type: string;
  costAccount: string;
  task: string;
  workOrder: string;
  areaId: string;
  subcontractId: string;
  receivedById: string;
  receivedOn: string;
  forApprovalById: string;
  comments: string;
  items: DocketItemValues[];
};

const TEXT_FIELDS = ["poNumber", "costAccount", "task", "workOrder"] as const;

/**
 * The docket's form: every spec 3 field, and its items, each priced from one of the project's rates (its code,
 * title, unit and price are copied on the server) or typed. Add and remove a row are conform list intents:
 * submit buttons the server answers without JavaScript, handled in the page with it. Amounts are worked out
 * on the server in cents when the docket is saved.
 */
export function DocketForm({
  mode,
  lastResult,
  defaultValue,
  choices,
  cancelTo,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: DocketFormValues;
  choices: DocketFormChoices;
  cancelTo: string;
}) {
  const { t, translate } = useDocketText();
  const navigation = useNavigation();
  // Checked in the browser too: conform then adds and removes item rows in place (the server does it without
  // JavaScript, and checks everything again on save).
  const [form, fields] = useForm({
    id: `docket-${mode}`,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: docketFormSchema }),
  });
  const label = (name: string, required = false) => t(`dockets:form.fields.${name}`) + (required ? " *" : "");
  const initial = (field: FieldMetadata<string | null | undefined>) =>
    (field.initialValue as string | undefined) ?? undefined;
  const select = (
    name: "companyId" | "type" | "areaId" | "subcontractId" | "receivedById" | "forApprovalById",
    options: { value: string; label: string }[],
    hint?: string,
  ) => (
    <NativeSelect
      key={fields[name].key}
      label={label(name)}
      name={fields[name].name}
      placeholder={t("dockets:form.choose")}
      defaultValue={initial(fields[name])}
      options={options}
      errors={translate(fields[name].errors)}
      hint={hint}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {/* Enter in a field presses the form's first submit button: make it Save, not an item's Remove. */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden>
        {t(mode === "create" ? "dockets:form.create" : "dockets:form.save")}
      </button>
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold text-slate-900">{t("dockets:form.docket")}</legend>
        <DateField
          label={label("docketDate", true)}
          errors={translate(fields.docketDate.errors)}
          inputProps={{ ...getInputProps(fields.docketDate, { type: "date" }), required: true }}
        />
        {select(
          "companyId",
          choices.companies.map(({ value, label }) => ({ value, label })),
          choices.companies.length === 0 ? t("dockets:form.noCompanies") : t("dockets:form.companyHint"),
        )}
        <TextField
          label={label("abn")}
          hint={t("dockets:form.abnHint")}
          errors={translate(fields.abn.errors)}
          inputProps={{ ...getInputProps(fields.abn, { type: "text" }), maxLength: DOCKET_LIMITS.abn }}
        />
        {select(
          "type",
          DOCKET_TYPES.map((type) => ({ value: type, label: t(`dockets:form.types.${type}`) })),
        )}
        {TEXT_FIELDS.map((name) => (
          <TextField
            key={name}
            label={label(name)}
            errors={translate(fields[name].errors)}
            inputProps={{ ...getInputProps(fields[name], { type: "text" }), maxLength: DOCKET_LIMITS[name] }}
          />
        ))}
        {select("areaId", choices.areas, choices.areas.length === 0 ? t("dockets:form.noAreas") : undefined)}
        {choices.subcontracts.length === 0 ? (
          <div className="text-sm">
            <p className="font-medium text-slate-800">{label("subcontractId")}</p>
            <p className="text-slate-500">{t("dockets:form.noSubcontracts")}</p>
            {fields.subcontractId.initialValue ? (
              <input type="hidden" name={fields.subcontractId.name} value={initial(fields.subcontractId)} />
            ) : null}
          </div>
        ) : (
          select("subcontractId", choices.subcontracts)
        )}
        {select("receivedById", choices.members)}
        <DateField
          label={label("receivedOn")}
          errors={translate(fields.receivedOn.errors)}
          inputProps={getInputProps(fields.receivedOn, { type: "date" })}
        />
        {select("forApprovalById", choices.members)}
        <TextAreaField
          className="sm:col-span-2"
          label={label("comments")}
          errors={translate(fields.comments.errors)}
          textareaProps={{ ...getTextareaProps(fields.comments), maxLength: DOCKET_LIMITS.comments }}
        />
      </fieldset>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">{t("dockets:items.title")}</legend>
        <p className="text-sm text-slate-600">{t("dockets:items.intro")}</p>
        {fields.items.errors?.length ? (
          <p role="alert" className="text-sm text-red-700">
            {translate(fields.items.errors)?.join(" ")}
          </p>
        ) : null}
        <ol className="space-y-3">
          {fields.items.getFieldList().map((row, index) => {
            const item = row.getFieldset();
            const position = index + 1;
            return (
              <li key={row.key} className="rounded border border-slate-200 p-3">
                <fieldset className="grid gap-3 sm:grid-cols-3">
                  <legend className="text-sm font-semibold text-slate-900">
                    {t("dockets:items.row", { position })}
                  </legend>
                  <NativeSelect
                    key={item.rateId.key}
                    className="sm:col-span-3"
                    label={t("dockets:items.rate")}
                    name={item.rateId.name}
                    placeholder={t("dockets:items.typed")}
                    defaultValue={initial(item.rateId)}
                    options={choices.rates.map(({ value, label }) => ({ value, label }))}
                    errors={translate(item.rateId.errors)}
                    hint={
                      choices.rates.length === 0 ? t("dockets:items.noRates") : t("dockets:items.rateHint")
                    }
                  />
                  <TextField
                    label={t("dockets:items.code")}
                    errors={translate(item.code.errors)}
                    inputProps={{
                      ...getInputProps(item.code, { type: "text" }),
                      maxLength: DOCKET_LIMITS.code,
                    }}
                  />
                  <TextField
                    label={t("dockets:items.itemTitle")}
                    errors={translate(item.title.errors)}
                    inputProps={{
                      ...getInputProps(item.title, { type: "text" }),
                      maxLength: DOCKET_LIMITS.title,
                    }}
                  />
                  <TextField
                    label={t("dockets:items.unitOfMeasure")}
                    errors={translate(item.unitOfMeasure.errors)}
                    inputProps={{
                      ...getInputProps(item.unitOfMeasure, { type: "text" }),
                      maxLength: DOCKET_LIMITS.unitOfMeasure,
                    }}
                  />
                  <TextField
                    label={t("dockets:items.unitPrice")}
                    errors={translate(item.unitPrice.errors)}
                    inputProps={{ ...getInputProps(item.unitPrice, { type: "text" }), inputMode: "decimal" }}
                  />
                  <TextField
                    label={`${t("dockets:items.quantity")} *`}
                    errors={translate(item.quantity.errors)}
                    inputProps={{ ...getInputProps(item.quantity, { type: "text" }), inputMode: "decimal" }}
                  />
                  <div className="flex items-end">
                    <FormIntentButton
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      {...form.remove.getButtonProps({ name: fields.items.name, index })}
                    >
                      {t("dockets:items.remove", { position })}
                    </FormIntentButton>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <FormIntentButton variant="secondary" {...form.insert.getButtonProps({ name: fields.items.name })}>
          {t("dockets:items.add")}
        </FormIntentButton>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("dockets:form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "dockets:form.create" : "dockets:form.save")}
        </Button>
      </div>
    </Form>
  );
}
