import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { ACCOMMODATION_LIMITS } from "../server/accommodation-basics";
import { useAccommodationText } from "./accommodation-text";

export type AccommodationFormValues = { name: string; address: string; notes: string };

/**
 * A place's name (unique in the project, or among the shared places), address and notes. A plain post: it
 * works without JavaScript. `action`: where it posts (a project's page or global settings'), else this page.
 */
export function AccommodationForm({
  mode,
  lastResult,
  defaultValue,
  cancelTo,
  action,
}: {
  mode: "create" | "edit";
  action?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: AccommodationFormValues;
  cancelTo: string;
}) {
  const { t, translate } = useAccommodationText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `accommodation-${mode}`, lastResult, defaultValue });
  const label = (name: string, required = false) =>
    t(`rostering:accommodation.fields.${name}`) + (required ? " *" : "");
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          label={label("name", true)}
          errors={translate(fields.name.errors)}
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            maxLength: ACCOMMODATION_LIMITS.name,
            required: true,
          }}
        />
        <TextField
          label={label("address")}
          errors={translate(fields.address.errors)}
          inputProps={{
            ...getInputProps(fields.address, { type: "text" }),
            maxLength: ACCOMMODATION_LIMITS.address,
          }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("notes")}
          errors={translate(fields.notes.errors)}
          textareaProps={{ ...getTextareaProps(fields.notes), maxLength: ACCOMMODATION_LIMITS.notes }}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("rostering:accommodation.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "rostering:accommodation.form.create" : "rostering:accommodation.form.save")}
        </Button>
      </div>
    </Form>
  );
}

/** A place's edit page, a project's or a shared one's: its title and the form, refilled after a refused post. */
export function AccommodationEditPage({
  name,
  values,
  action,
  cancelTo,
}: {
  name: string;
  values: AccommodationFormValues;
  action?: string;
  cancelTo: string;
}) {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAccommodationText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("rostering:accommodation.form.editTitle", { name })}
      </h1>
      <AccommodationForm
        mode="edit"
        lastResult={lastResult}
        defaultValue={values}
        action={action}
        cancelTo={cancelTo}
      />
    </div>
  );
}
