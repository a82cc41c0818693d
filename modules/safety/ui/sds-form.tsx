import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { formValidation } from "~/app/ui/form-validation";
import { sdsFormSchema } from "../server/sds-rules";
import { useSdsText } from "./sds-status";

export type SdsFormValues = { product: string; supplier: string; issueDate: string; expiryDate: string };

/**
 * The SDS form: the product, its supplier, the sheet's issue and expiry dates, and (filing a new sheet) the
 * sheet itself — a multipart post, 100 MB at most. Works without JavaScript.
 */
export function SdsForm({
  mode,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: SdsFormValues;
  cancelTo: string;
}) {
  const { t, translate } = useSdsText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `sds-${mode}`,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(sdsFormSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sdsFormSchema }),
  });
  const label = (name: string, required = true) => t(`safety:sds.fields.${name}`) + (required ? " *" : "");
  const fileErrors = (lastResult?.error as Record<string, string[]> | undefined)?.file;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={mode === "create" ? "multipart/form-data" : undefined}
      className="space-y-6"
    >
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          label={label("product")}
          errors={translate(fields.product.errors)}
          inputProps={getInputProps(fields.product, { type: "text" })}
        />
        <TextField
          label={label("supplier")}
          errors={translate(fields.supplier.errors)}
          inputProps={getInputProps(fields.supplier, { type: "text" })}
        />
        <DateField
          label={label("issueDate")}
          errors={translate(fields.issueDate.errors)}
          inputProps={getInputProps(fields.issueDate, { type: "date" })}
        />
        <DateField
          label={label("expiryDate")}
          errors={translate(fields.expiryDate.errors)}
          inputProps={getInputProps(fields.expiryDate, { type: "date" })}
        />
        {mode === "create" ? (
          <FileDrop
            className="sm:col-span-2"
            label={label("file")}
            name="file"
            accept=".pdf,.doc,.docx,image/*"
            required
            hint={t("safety:sds.form.fileHint")}
            errors={translate(fileErrors)}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:sds.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "safety:sds.form.create" : "safety:sds.form.save")}
        </Button>
      </div>
    </Form>
  );
}
