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
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { formValidation } from "~/app/ui/form-validation";
import { NativeSelect } from "~/app/ui/native-select";
import { OBSERVATION_KINDS } from "../domain/observation-workflow";
import { observationCreateSchema, observationEditSchema } from "../server/observation-rules";
import { useObservationText } from "./observation-status";

type Choice = { value: string; label: string };

export type ObservationFormValues = {
  kind: string;
  title: string;
  description: string;
  locationId: string;
  observedOn: string;
};

/**
 * The observation form. Raising takes the type, what was seen, where and when, who puts it right (or "put
 * right on the spot") and photos (a multipart post, 100 MB a file); editing changes the fields of a live
 * observation (the assignee has its own re-assign step). Works without JavaScript.
 */
export function ObservationForm({
  mode,
  choices,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  choices: { members: Choice[]; locations: Choice[] };
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: ObservationFormValues;
  cancelTo: string;
}) {
  const { t, translate } = useObservationText();
  const navigation = useNavigation();
  const schema = mode === "create" ? observationCreateSchema : observationEditSchema;
  const [form, fields] = useForm({
    id: `observation-${mode}`,
    lastResult,
    defaultValue: defaultValue ?? { observedOn: new Date().toISOString().slice(0, 10) },
    constraint: getZodConstraint(schema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as Record<
    string,
    { name: string; initialValue?: unknown; errors?: string[] }
  >;
  const label = (name: string, required = false) =>
    t(`safety:observation.fields.${name}`) + (required ? " *" : "");
  const errors = (name: string) => translate(all[name]?.errors);
  const initial = (name: string) => (all[name]?.initialValue as string | undefined) ?? undefined;
  const kinds =
    mode === "create" ? OBSERVATION_KINDS : OBSERVATION_KINDS.filter((kind) => kind !== "positive");
  const photoErrors = (lastResult?.error as Record<string, string[]> | undefined)?.photos;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      encType={mode === "create" ? "multipart/form-data" : undefined}
      className="space-y-6"
    >
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <NativeSelect
          label={label("kind", true)}
          name={all.kind.name}
          placeholder={t("safety:observation.form.chooseKind")}
          defaultValue={initial("kind")}
          required
          options={kinds.map((kind) => ({ value: kind, label: t(`safety:observation.kind.${kind}`) }))}
          errors={errors("kind")}
        />
        <DateField
          label={label("observedOn", true)}
          errors={errors("observedOn")}
          inputProps={getInputProps(fields.observedOn, { type: "date" })}
        />
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
        <NativeSelect
          label={label("location")}
          name={all.locationId.name}
          placeholder={t("safety:observation.form.chooseLocation")}
          defaultValue={initial("locationId")}
          options={choices.locations}
          errors={errors("locationId")}
        />
        {mode === "create" ? (
          <>
            <NativeSelect
              label={label("assignee")}
              name={all.assigneeId.name}
              placeholder={t("safety:observation.form.chooseAssignee")}
              defaultValue={initial("assigneeId")}
              options={choices.members}
              hint={t("safety:observation.form.assigneeHint")}
              errors={errors("assigneeId")}
            />
            <div className="sm:col-span-2">
              <CheckboxField
                label={label("rectifiedOnSpot")}
                inputProps={{
                  name: all.rectifiedOnSpot.name,
                  defaultChecked: initial("rectifiedOnSpot") === "on",
                }}
              />
              <p className="mt-1 text-xs text-slate-500">{t("safety:observation.form.rectifiedHint")}</p>
            </div>
            <FileDrop
              className="sm:col-span-2"
              label={label("photos")}
              name="photos"
              accept="image/*,video/*"
              multiple
              hint={t("safety:observation.form.photosHint")}
              errors={translate(photoErrors)}
            />
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:observation.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "safety:observation.form.create" : "safety:observation.form.save")}
        </Button>
      </div>
    </Form>
  );
}
