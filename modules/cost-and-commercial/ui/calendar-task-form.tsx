import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { TASK_STATUSES } from "../domain/vocabularies";
import { CALENDAR_LIMITS as L } from "../server/calendar-basics";
import type { CalendarTaskValues } from "../server/calendar-tasks.server";
import { useUpstreamText } from "./upstream-text";

type Choice = { value: string; label: string };

/**
 * A calendar task's form (spec 3 "Calendar task"): the responsible person and the collaborators are the
 * project's members (collaborators as checkboxes, so it works without JavaScript); the package is one of the
 * project's cost packages when package sync read any, else typed.
 */
export function CalendarTaskForm({
  id,
  values,
  members,
  packages,
  lastResult,
  cancelTo,
  submitLabel,
}: {
  id: string;
  values: Partial<CalendarTaskValues>;
  members: Choice[];
  packages: Choice[];
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
  submitLabel: string;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form] = useForm({ id, lastResult });
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  // After a refused post the browser keeps nothing: show what was sent.
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: keyof CalendarTaskValues) => {
    const posted = sent[name];
    if (typeof posted === "string") return posted;
    const own = values[name];
    return typeof own === "string" ? own : "";
  };
  const collaborators = Array.isArray(sent.collaboratorIds)
    ? (sent.collaboratorIds as string[])
    : typeof sent.collaboratorIds === "string"
      ? [sent.collaboratorIds]
      : (values.collaboratorIds ?? []);
  const f = (name: string, required = false) =>
    `${t(`cost-and-commercial:calendar.fields.${name}`)}${required ? " *" : ""}`;
  const e = (name: string) => translate(errors[name]);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <NativeSelect
          label={f("side", true)}
          name="side"
          defaultValue={value("side") || "upstream"}
          options={[
            { value: "upstream", label: t("cost-and-commercial:calendar.sides.upstream") },
            { value: "downstream", label: t("cost-and-commercial:calendar.sides.downstream") },
          ]}
          errors={e("side")}
        />
        <NativeSelect
          label={f("status", true)}
          name="status"
          defaultValue={value("status") || "open"}
          options={TASK_STATUSES.map((status) => ({
            value: status,
            label: t(`cost-and-commercial:calendar.statuses.${status}`),
          }))}
          errors={e("status")}
        />
        <TextField
          className="sm:col-span-2"
          label={f("task", true)}
          errors={e("task")}
          inputProps={{ name: "task", defaultValue: value("task"), maxLength: L.task, required: true }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={f("description")}
          errors={e("description")}
          textareaProps={{
            name: "description",
            defaultValue: value("description"),
            maxLength: L.description,
          }}
        />
        <NativeSelect
          label={f("responsible")}
          name="responsibleId"
          placeholder={t("cost-and-commercial:calendar.nobody")}
          defaultValue={value("responsibleId")}
          options={members}
          errors={e("responsibleId")}
        />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-900">{f("collaborators")}</legend>
          <div className="max-h-40 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
            {members.map((member) => (
              <label key={member.value} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="collaboratorIds"
                  value={member.value}
                  defaultChecked={collaborators.includes(member.value)}
                />
                {member.label}
              </label>
            ))}
          </div>
          {e("collaboratorIds")?.map((text) => (
            <p key={text} className="text-sm text-red-700">
              {text}
            </p>
          ))}
        </fieldset>
        <DateField
          label={f("startDate", true)}
          errors={e("startDate")}
          inputProps={{ name: "startDate", defaultValue: value("startDate"), required: true }}
        />
        <DateField
          label={f("dueDate", true)}
          errors={e("dueDate")}
          inputProps={{ name: "dueDate", defaultValue: value("dueDate"), required: true }}
        />
        {packages.length > 0 ? (
          <NativeSelect
            label={f("packageName")}
            name="packageName"
            placeholder={t("cost-and-commercial:calendar.noPackage")}
            defaultValue={value("packageName")}
            options={packages}
            errors={e("packageName")}
          />
        ) : (
          <TextField
            label={f("packageName")}
            errors={e("packageName")}
            inputProps={{ name: "packageName", defaultValue: value("packageName"), maxLength: L.packageName }}
          />
        )}
        <TextField
          label={f("packageType")}
          errors={e("packageType")}
          inputProps={{ name: "packageType", defaultValue: value("packageType"), maxLength: L.packageType }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={f("contractObligations")}
          errors={e("contractObligations")}
          textareaProps={{
            name: "contractObligations",
            defaultValue: value("contractObligations"),
            maxLength: L.text,
          }}
        />
        <TextAreaField
          className="sm:col-span-2"
          label={f("notes")}
          errors={e("notes")}
          textareaProps={{ name: "notes", defaultValue: value("notes"), maxLength: L.text }}
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
