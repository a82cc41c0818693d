import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { NativeSelect } from "~/app/ui/native-select";
import {
  CONSEQUENCES,
  HIGH_RISK_CATEGORIES,
  highRiskParagraph,
  LIKELIHOODS,
  SWMS_TYPES,
} from "../domain/swms-reference";
import { SWMS_BLANK_STEPS, SWMS_LIMITS } from "../server/swms-basics";
import { useSwmsText } from "./swms-status";

type Choice = { value: string; label: string };
type StepValues = Record<string, string | undefined>;

export type SwmsFormStart = {
  type?: string;
  title?: string;
  companyId?: string;
  description?: string;
  highRisk?: boolean;
  highRiskCategories?: string[];
  steps?: StepValues[];
};

const RATINGS = [
  ["likelihoodBefore", LIKELIHOODS, "likelihood"],
  ["consequenceBefore", CONSEQUENCES, "consequence"],
  ["likelihoodAfter", LIKELIHOODS, "likelihood"],
  ["consequenceAfter", CONSEQUENCES, "consequence"],
] as const;

const asList = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/**
 * The SWMS form, a plain multipart post that works without JavaScript (the server validates; the page comes
 * back with the typed values and each field's message). Written: the steps, each with its hazards, controls
 * and the risk before and after them, with spare blank rows to add steps; uploaded: the file.
 */
export function SwmsForm({
  mode,
  companies,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  companies: Choice[];
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: SwmsFormStart;
  cancelTo: string;
}) {
  const { t, translate } = useSwmsText();
  const navigation = useNavigation();
  const sent = lastResult?.initialValue as Record<string, unknown> | undefined;
  const start: SwmsFormStart = sent
    ? {
        type: sent.type as string | undefined,
        title: sent.title as string | undefined,
        companyId: sent.companyId as string | undefined,
        description: sent.description as string | undefined,
        highRisk: sent.highRisk === "on",
        highRiskCategories: asList(sent.highRiskCategories),
        steps: (Array.isArray(sent.steps) ? sent.steps : []) as StepValues[],
      }
    : (defaultValue ?? { type: "system" });
  const errorsOf = (name: string) => translate(lastResult?.error?.[name] ?? undefined);
  const label = (name: string, required = false) => t(`safety:swms.fields.${name}`) + (required ? " *" : "");
  const written = (start.steps ?? []).filter((step) => Object.values(step ?? {}).some(Boolean));
  const rows = [...written, ...Array.from({ length: SWMS_BLANK_STEPS }, () => ({}) as StepValues)].slice(
    0,
    SWMS_LIMITS.steps,
  );
  const categories = new Set(start.highRiskCategories ?? []);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      <FormAlert errors={translate(lastResult?.error?.[""] ?? undefined)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {mode === "create" ? (
          <NativeSelect
            label={label("type", true)}
            name="type"
            defaultValue={start.type ?? "system"}
            required
            options={SWMS_TYPES.map((type) => ({ value: type, label: t(`safety:swms.type.${type}`) }))}
            hint={t("safety:swms.form.typeHint")}
            errors={errorsOf("type")}
          />
        ) : (
          <input type="hidden" name="type" value={start.type} />
        )}
        <NativeSelect
          label={label("company", true)}
          name="companyId"
          placeholder={t("safety:swms.form.chooseCompany")}
          defaultValue={start.companyId}
          required
          options={companies}
          hint={companies.length === 0 ? t("safety:swms.form.noCompanies") : undefined}
          errors={errorsOf("companyId")}
        />
        <TextField
          className="sm:col-span-2"
          label={label("title", true)}
          errors={errorsOf("title")}
          inputProps={{
            name: "title",
            defaultValue: start.title,
            maxLength: SWMS_LIMITS.title,
            required: true,
          }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={label("description")}
          errors={errorsOf("description")}
          textareaProps={{ name: "description", defaultValue: start.description, rows: 3 }}
        />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">
          {t("safety:swms.form.highRiskTitle")}
        </legend>
        <CheckboxField
          label={t("safety:swms.form.highRiskLabel")}
          inputProps={{ name: "highRisk", defaultChecked: Boolean(start.highRisk) }}
        />
        <p className="text-xs text-slate-500">{t("safety:swms.form.categoriesHint")}</p>
        <div className="grid gap-1 sm:grid-cols-2">
          {HIGH_RISK_CATEGORIES.map((category) => (
            <CheckboxField
              key={category}
              label={`${highRiskParagraph(category)} ${t(`safety:swms.category.${category}`)}`}
              inputProps={{
                name: "highRiskCategories",
                value: category,
                defaultChecked: categories.has(category),
              }}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">
          {t("safety:swms.form.fileTitle")}
        </legend>
        <FileDrop
          label={label("file")}
          name="file"
          hint={t(mode === "create" ? "safety:swms.form.fileHint" : "safety:swms.form.fileEditHint")}
          errors={errorsOf("file")}
        />
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold text-slate-900">
          {t("safety:swms.form.stepsTitle")}
        </legend>
        <p className="text-xs text-slate-500">{t("safety:swms.form.stepsHint")}</p>
        <FormAlert errors={errorsOf("steps")} />
        {rows.map((step, index) => {
          const name = (field: string) => `steps[${index}].${field}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in the posted list.
            <div key={index} className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
              <p className="text-sm font-medium text-slate-700 sm:col-span-2">
                {t("safety:swms.form.stepNumber", { number: index + 1 })}
              </p>
              <TextField
                className="sm:col-span-2"
                label={label("activity")}
                errors={errorsOf(name("activity"))}
                inputProps={{
                  name: name("activity"),
                  defaultValue: step.activity,
                  maxLength: SWMS_LIMITS.activity,
                }}
              />
              <TextAreaField
                label={label("hazards")}
                errors={errorsOf(name("hazards"))}
                textareaProps={{ name: name("hazards"), defaultValue: step.hazards, rows: 2 }}
              />
              <TextAreaField
                label={label("controls")}
                errors={errorsOf(name("controls"))}
                textareaProps={{ name: name("controls"), defaultValue: step.controls, rows: 2 }}
              />
              {RATINGS.map(([field, values, scale]) => (
                <NativeSelect
                  key={field}
                  label={label(field)}
                  name={name(field)}
                  placeholder={t("safety:swms.form.chooseRating")}
                  defaultValue={step[field]}
                  options={values.map((value) => ({ value, label: t(`safety:swms.${scale}.${value}`) }))}
                  errors={errorsOf(name(field))}
                />
              ))}
            </div>
          );
        })}
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("safety:swms.form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "safety:swms.form.create" : "safety:swms.form.save")}
        </Button>
      </div>
    </Form>
  );
}
