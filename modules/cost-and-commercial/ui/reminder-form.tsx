import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { RECURRENCE_KINDS, WEEKDAYS } from "../domain/schedule-recurrence";
import { REMINDER_STATUSES } from "../domain/vocabularies";
import { useUpstreamText } from "./upstream-text";

type Choice = { value: string; label: string };

/**
 * A schedule or reminder's form. The recurrence is chosen, not typed: once, weekly on a weekday, monthly on a
 * day (or the last day), monthly on the last business day, or yearly on the start date; the server builds the
 * RRULE and checks that the weekday or day needed is there. Without JavaScript every field shows.
 */
export function ReminderForm({
  id,
  values,
  templates,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id: string;
  values: Record<string, string>;
  templates: Choice[];
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
  submitLabel: string;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form] = useForm({ id, lastResult });
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) =>
    typeof sent[name] === "string" ? (sent[name] as string) : (values[name] ?? "");
  const f = (name: string, required = false) =>
    `${t(`cost-and-commercial:reminders.fields.${name}`)}${required ? " *" : ""}`;
  const e = (name: string) => translate(errors[name]);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label={f("title", true)}
          errors={e("title")}
          inputProps={{ name: "title", defaultValue: value("title"), maxLength: 200, required: true }}
        />
        <NativeSelect
          label={f("side", true)}
          name="side"
          defaultValue={value("side") || "upstream"}
          options={["upstream", "downstream"].map((side) => ({
            value: side,
            label: t(`cost-and-commercial:calendar.sides.${side}`),
          }))}
          errors={e("side")}
        />
        <NativeSelect
          label={f("status", true)}
          name="status"
          defaultValue={value("status") || "active"}
          options={REMINDER_STATUSES.map((status) => ({
            value: status,
            label: t(`cost-and-commercial:reminders.statuses.${status}`),
          }))}
          errors={e("status")}
        />
        <DateField
          label={f("startDate", true)}
          errors={e("startDate")}
          inputProps={{ name: "startDate", defaultValue: value("startDate"), required: true }}
        />
        <DateField
          label={f("endDate")}
          hint={t("cost-and-commercial:reminders.endDateHint")}
          errors={e("endDate")}
          inputProps={{ name: "endDate", defaultValue: value("endDate") }}
        />
        <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium text-slate-900">{f("recurrence")}</legend>
          <NativeSelect
            label={f("repeats", true)}
            name="recurrence"
            defaultValue={value("recurrence") || "none"}
            options={RECURRENCE_KINDS.map((kind) => ({
              value: kind,
              label: t(`cost-and-commercial:reminders.kinds.${kind}`),
            }))}
            errors={e("recurrence")}
          />
          <NativeSelect
            label={f("weekday")}
            name="weekday"
            placeholder={t("cost-and-commercial:reminders.weeklyOnly")}
            defaultValue={value("weekday")}
            options={WEEKDAYS.map((weekday) => ({
              value: weekday,
              label: t(`cost-and-commercial:reminders.weekdays.${weekday}`),
            }))}
            errors={e("weekday")}
          />
          <TextField
            label={f("monthDay")}
            hint={t("cost-and-commercial:reminders.monthDayHint")}
            errors={e("monthDay")}
            inputProps={{ name: "monthDay", inputMode: "numeric", defaultValue: value("monthDay") }}
          />
        </fieldset>
        <TextField
          label={f("leadDays")}
          hint={t("cost-and-commercial:reminders.leadDaysHint")}
          errors={e("leadDays")}
          inputProps={{ name: "leadDays", inputMode: "numeric", defaultValue: value("leadDays") }}
        />
        <NativeSelect
          label={f("emailTemplate")}
          name="emailTemplateId"
          placeholder={t("cost-and-commercial:reminders.defaultTemplate")}
          defaultValue={value("emailTemplateId")}
          options={templates}
          errors={e("emailTemplateId")}
        />
        <TextField
          label={f("documentTemplate")}
          errors={e("documentTemplate")}
          inputProps={{ name: "documentTemplate", defaultValue: value("documentTemplate"), maxLength: 200 }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={f("recipients")}
          hint={t("cost-and-commercial:reminders.recipientsHint")}
          errors={e("recipients")}
          textareaProps={{ name: "recipients", defaultValue: value("recipients"), rows: 2 }}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("cost-and-commercial:calendar.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
