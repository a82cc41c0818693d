import { type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formatDate } from "~/app/utils/format";
import { CHECK_ANSWERS, CHECK_RESULTS } from "../domain/plant-rules";
import { PLANT_INTENTS, PLANT_LIMITS, plantPath } from "../server/plant-basics";
import type { PlantDetail } from "../server/plant-detail.server";
import { CheckResultBadge, usePlantText } from "./plant-text";

const sectionClass = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";

/** The last post's result when it was this form's (a page has several forms on one action). */
function useResultOf(intent: string) {
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const sent = (lastResult?.initialValue as Record<string, unknown> | undefined)?.intent;
  return sent === intent ? lastResult : undefined;
}

/** A folded form of the checks tab: opened again when its last post came back with errors. */
function RecordPanel({
  plant,
  intent,
  summary,
  submit,
  form,
  open,
  children,
}: {
  plant: PlantDetail;
  intent: string;
  summary: string;
  submit: string;
  form: { id: string; errorId: string; errors?: string[] };
  open: boolean;
  children: React.ReactNode;
}) {
  const { translate } = usePlantText();
  return (
    <details className="rounded border border-slate-200 p-3" open={open}>
      <summary className="cursor-pointer font-medium text-brand-700">{summary}</summary>
      <Form
        method="post"
        action={plantPath(plant.id, "checks")}
        id={form.id}
        noValidate
        className="mt-3 space-y-4"
      >
        <input type="hidden" name="intent" value={intent} />
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        {children}
        <Button type="submit">{submit}</Button>
      </Form>
    </details>
  );
}

/** A pre-start check: the project's checklist, each item pass, fail or N/A with a comment. A plain post. */
function PreStartForm({ plant }: { plant: PlantDetail }) {
  const { t, translate } = usePlantText();
  const lastResult = useResultOf(PLANT_INTENTS.preStart);
  const [form, fields] = useForm<{ checkedOn: string; operator: string; comment: string }>({
    id: "plant-pre-start",
    lastResult,
    defaultValue: { checkedOn: plant.today },
  });
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  return (
    <RecordPanel
      plant={plant}
      intent={PLANT_INTENTS.preStart}
      summary={t("plant:checks.record")}
      submit={t("plant:checks.saveCheck")}
      form={form}
      open={Boolean(lastResult)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={`${t("plant:checks.checkedOn")} *`}
          errors={translate(fields.checkedOn.errors)}
          inputProps={{ name: "checkedOn", defaultValue: plant.today, required: true }}
        />
        <TextField
          label={`${t("plant:checks.operator")} *`}
          errors={translate(fields.operator.errors)}
          inputProps={{ name: "operator", type: "text", maxLength: PLANT_LIMITS.operator, required: true }}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{t("plant:checks.preStartTitle")}</legend>
        {plant.checklist.map((item, index) => {
          const itemErrors = errors[`items[${index}].answer`];
          return (
            <div
              key={item}
              className="grid gap-2 rounded border border-slate-100 p-2 sm:grid-cols-[1fr_auto_1fr]"
            >
              <span className="text-sm font-medium text-slate-800" id={`check-item-${index}`}>
                {item}
              </span>
              <div role="radiogroup" aria-labelledby={`check-item-${index}`} className="flex flex-wrap gap-3">
                {CHECK_ANSWERS.map((answer) => (
                  <label key={answer} className="flex items-center gap-1 text-sm">
                    <input type="radio" name={`items[${index}].answer`} value={answer} required />
                    {t(`plant:checks.answers.${answer}`)}
                  </label>
                ))}
              </div>
              <input
                type="text"
                name={`items[${index}].comment`}
                aria-label={`${item}: ${t("plant:checks.itemComment")}`}
                placeholder={t("plant:checks.itemComment")}
                maxLength={PLANT_LIMITS.comment}
                className="h-9 rounded-md border border-slate-300 px-2 text-sm"
              />
              {itemErrors ? (
                <p className="text-sm text-red-700 sm:col-span-3">
                  {(translate(itemErrors) ?? []).join(" ")}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <TextAreaField
        label={t("plant:checks.comment")}
        errors={translate(fields.comment.errors)}
        textareaProps={{ name: "comment", maxLength: PLANT_LIMITS.comment, rows: 2 }}
      />
    </RecordPanel>
  );
}

/** An inspection: its date, the inspector, pass or fail, the next one due, notes. A plain post. */
function InspectionForm({ plant }: { plant: PlantDetail }) {
  const { t, translate } = usePlantText();
  const lastResult = useResultOf(PLANT_INTENTS.inspection);
  const [form, fields] = useForm<{
    inspectedOn: string;
    inspector: string;
    result: string;
    nextDueOn: string;
    notes: string;
  }>({ id: "plant-inspection", lastResult });
  return (
    <RecordPanel
      plant={plant}
      intent={PLANT_INTENTS.inspection}
      summary={t("plant:checks.recordInspection")}
      submit={t("plant:checks.saveInspection")}
      form={form}
      open={Boolean(lastResult)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={`${t("plant:checks.inspectedOn")} *`}
          errors={translate(fields.inspectedOn.errors)}
          inputProps={{ name: "inspectedOn", defaultValue: plant.today, required: true }}
        />
        <TextField
          label={`${t("plant:checks.inspector")} *`}
          errors={translate(fields.inspector.errors)}
          inputProps={{
            name: "inspector",
            type: "text",
            maxLength: PLANT_LIMITS.inspector,
            required: true,
          }}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{`${t("plant:checks.result")} *`}</legend>
          <div className="mt-2 flex gap-4">
            {CHECK_RESULTS.map((result) => (
              <label key={result} className="flex items-center gap-1 text-sm">
                <input type="radio" name="result" value={result} required />
                {t(`plant:checks.results.${result}`)}
              </label>
            ))}
          </div>
          {fields.result.errors ? (
            <p className="text-sm text-red-700">{(translate(fields.result.errors) ?? []).join(" ")}</p>
          ) : null}
        </fieldset>
        <DateField
          label={t("plant:checks.nextDueOn")}
          errors={translate(fields.nextDueOn.errors)}
          inputProps={{ name: "nextDueOn" }}
        />
      </div>
      <TextAreaField
        label={t("plant:checks.notes")}
        errors={translate(fields.notes.errors)}
        textareaProps={{ name: "notes", maxLength: PLANT_LIMITS.notes, rows: 3 }}
      />
    </RecordPanel>
  );
}

/** Pre-start checks and inspections, newest first, with their forms for those who record them. */
export function PlantChecksTab({ plant }: { plant: PlantDetail }) {
  const { t, locale } = usePlantText();
  return (
    <div className="space-y-4">
      <section aria-labelledby="plant-pre-start" className={sectionClass}>
        <h2 id="plant-pre-start" className="text-base font-semibold text-slate-900">
          {t("plant:checks.preStartTitle")}
        </h2>
        {plant.can.checks ? <PreStartForm plant={plant} /> : null}
        {plant.checks.length === 0 ? (
          <p className="text-sm text-slate-500">{t("plant:checks.nonePreStart")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {plant.checks.map((check) => {
              const failed = check.items.filter((item) => item.answer === "fail");
              return (
                <li key={check.id} className="space-y-1 py-2 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{formatDate(check.checkedOn, locale)}</span>
                    <span>{check.operator}</span>
                    <CheckResultBadge result={check.result} />
                  </p>
                  {failed.length > 0 ? (
                    <p className="text-red-800">
                      {t("plant:checks.failedItems", {
                        items: failed
                          .map((item) => (item.comment ? `${item.label} (${item.comment})` : item.label))
                          .join(", "),
                      })}
                    </p>
                  ) : null}
                  {check.comment ? <p className="text-slate-700">{check.comment}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="plant-inspections" className={sectionClass}>
        <h2 id="plant-inspections" className="text-base font-semibold text-slate-900">
          {t("plant:checks.inspectionsTitle")}
        </h2>
        {plant.can.checks ? <InspectionForm plant={plant} /> : null}
        {plant.inspections.length === 0 ? (
          <p className="text-sm text-slate-500">{t("plant:checks.noneInspections")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {plant.inspections.map((inspection) => (
              <li key={inspection.id} className="space-y-1 py-2 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{formatDate(inspection.inspectedOn, locale)}</span>
                  <span>{inspection.inspector}</span>
                  <CheckResultBadge result={inspection.result} />
                  {inspection.nextDueOn ? (
                    <span className="text-slate-600">
                      {t("plant:checks.nextDueOn")}: {formatDate(inspection.nextDueOn, locale)}
                    </span>
                  ) : null}
                </p>
                {inspection.notes ? <p className="text-slate-700">{inspection.notes}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
