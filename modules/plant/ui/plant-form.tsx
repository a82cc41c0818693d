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
import { NativeSelect } from "~/app/ui/native-select";
import { PLANT_LIMITS } from "../server/plant-basics";
import { usePlantText } from "./plant-text";

export type PlantFormValues = {
  make: string;
  model: string;
  serial: string;
  ownerCompanyId: string;
  description: string;
  onHireDate: string;
  offHireDate: string;
};

/**
 * The plant item's form: make, model, registration or serial, the owner company (one of the project's), a
 * description and the hire dates. Checked on the server (the messages come back in the user's language); a
 * plain post, so it works without JavaScript.
 */
export function PlantForm({
  mode,
  lastResult,
  defaultValue,
  companies,
  cancelTo,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: PlantFormValues;
  companies: { value: string; label: string }[];
  cancelTo: string;
}) {
  const { t, translate } = usePlantText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `plant-${mode}`, lastResult, defaultValue });
  const label = (name: string, required = true) => t(`plant:fields.${name}`) + (required ? " *" : "");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          label={label("make")}
          errors={translate(fields.make.errors)}
          inputProps={{
            ...getInputProps(fields.make, { type: "text" }),
            maxLength: PLANT_LIMITS.make,
            required: true,
          }}
        />
        <TextField
          label={label("model")}
          errors={translate(fields.model.errors)}
          inputProps={{
            ...getInputProps(fields.model, { type: "text" }),
            maxLength: PLANT_LIMITS.model,
            required: true,
          }}
        />
        <TextField
          label={label("serial")}
          errors={translate(fields.serial.errors)}
          inputProps={{
            ...getInputProps(fields.serial, { type: "text" }),
            maxLength: PLANT_LIMITS.serial,
            required: true,
          }}
        />
        <NativeSelect
          label={label("ownerCompanyId")}
          name={fields.ownerCompanyId.name}
          placeholder={t("plant:form.chooseOwner")}
          defaultValue={fields.ownerCompanyId.initialValue as string | undefined}
          options={companies}
          required
          errors={translate(fields.ownerCompanyId.errors)}
          hint={companies.length === 0 ? t("plant:form.noCompanies") : undefined}
        />
        <DateField
          label={label("onHireDate", false)}
          errors={translate(fields.onHireDate.errors)}
          inputProps={getInputProps(fields.onHireDate, { type: "date" })}
        />
        <DateField
          label={label("offHireDate", false)}
          errors={translate(fields.offHireDate.errors)}
          inputProps={getInputProps(fields.offHireDate, { type: "date" })}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("description", false)}
          errors={translate(fields.description.errors)}
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: PLANT_LIMITS.description }}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("plant:form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "plant:form.create" : "plant:form.save")}
        </Button>
      </div>
    </Form>
  );
}
