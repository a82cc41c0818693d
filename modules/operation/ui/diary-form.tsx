import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import {
  DELAY_CAUSES,
  DIARY_LIMITS,
  PLANT_KINDS,
  RAIN_CONDITIONS,
  SKY_CONDITIONS,
  WIND_CONDITIONS,
} from "../domain/diary-fields";
import { DIARY_INTENTS, diaryPath } from "../server/diary-basics";
import type { DiaryPage } from "../server/diary-detail.server";
import { DiaryRowsEditor, type RowColumn, type RowValues } from "./diary-rows";
import { useDiaryText } from "./diary-status";

/** The last refused save: the values sent and the messages per field (`workLog[0].hours`). */
export type SaveReply = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

type Section = "workLog" | "delays" | "plant" | "meetings";

/** The row sections in the spec's order, each with its heading's key. */
export const ROW_SECTIONS = [
  ["meetings", "meetingsHeld"],
  ["workLog", "workLog"],
  ["delays", "delays"],
  ["plant", "plant"],
] as const satisfies readonly (readonly [Section, string])[];

/** The row sections' columns, shared by the form and the read-only view. */
export function useRowColumns() {
  const { t } = useDiaryText();
  const field = (name: string) => t(`operation:diary.fields.${name}`);
  const options = (list: readonly string[], group: string) =>
    list.map((value) => ({ value, label: t(`operation:diary.${group}.${value}`) }));
  const columns: Record<Section, RowColumn[]> = {
    workLog: [
      { name: "company", label: field("company"), maxLength: DIARY_LIMITS.company },
      { name: "title", label: field("workPerformed"), maxLength: DIARY_LIMITS.title, wide: true },
      { name: "workers", label: field("workers"), kind: "number" },
      { name: "hours", label: field("hours"), kind: "decimal" },
    ],
    delays: [
      { name: "cause", label: field("cause"), kind: "select", options: options(DELAY_CAUSES, "cause") },
      { name: "title", label: field("delayDescription"), maxLength: DIARY_LIMITS.title, wide: true },
      { name: "hours", label: field("hoursLost"), kind: "decimal" },
    ],
    plant: [
      {
        name: "plantKind",
        label: field("plantKind"),
        kind: "select",
        options: options(PLANT_KINDS, "plantKind"),
      },
      { name: "title", label: field("plantTitle"), maxLength: DIARY_LIMITS.title },
      { name: "detail", label: field("plantDetail"), maxLength: DIARY_LIMITS.detail, wide: true },
    ],
    meetings: [
      { name: "title", label: field("meetingTitle"), maxLength: DIARY_LIMITS.title },
      { name: "detail", label: field("meetingDetail"), maxLength: DIARY_LIMITS.detail, wide: true },
    ],
  };
  return columns;
}

/** The form's sections as the user left them when a save was refused, else as stored. */
function rowsFor(page: DiaryPage, reply: SaveReply | undefined, section: Section): RowValues[] {
  const sent = reply?.initialValue?.[section];
  // A blank row sent back is a hole in the array: it comes back blank.
  if (Array.isArray(sent)) return Array.from(sent as (RowValues | undefined)[], (row) => row ?? {});
  return page.diary.rows[section] as unknown as RowValues[];
}

/**
 * The diary's form, saved whole (one post, one transaction): Basic Information, Weather/Temperature,
 * Concerns, Meetings Held, Work Log, Delays, Plant Item / Machineries / Deliverables and Other Comments.
 * A plain form: it works without JavaScript.
 */
export function DiaryForm({ page, reply }: { page: DiaryPage; reply?: SaveReply }) {
  const { t, translate } = useDiaryText();
  const navigation = useNavigation();
  const { diary, members } = page;
  const columns = useRowColumns();
  const sent = (reply?.initialValue ?? null) as Record<string, unknown> | null;
  const value = (name: string, stored: string | null) =>
    sent ? (typeof sent[name] === "string" ? (sent[name] as string) : "") : (stored ?? "");
  const errors = (name: string) => translate(reply?.error?.[name] ?? undefined);
  const field = (name: string) => t(`operation:diary.fields.${name}`);
  const choices = (list: readonly string[], group: string) =>
    list.map((option) => ({ value: option, label: t(`operation:diary.${group}.${option}`) }));
  const section = (id: string, title: string, children: React.ReactNode) => (
    <section
      key={id}
      aria-labelledby={id}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
  const weather = page.suggestedWeather;
  return (
    <Form method="post" action={diaryPath(diary.id)} className="space-y-4" aria-label={diary.number}>
      <input type="hidden" name="intent" value={DIARY_INTENTS.save} />
      <FormAlert errors={translate(reply?.error?.[""] ?? undefined)} />
      {section(
        "diary-basic",
        t("operation:diary.sections.basic"),
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label={`${field("dueDate")} *`}
            errors={errors("dueDate")}
            inputProps={{ name: "dueDate", defaultValue: value("dueDate", diary.dueDate), required: true }}
          />
          <NativeSelect
            label={field("assignee")}
            name="assigneeId"
            placeholder={t("operation:diary.create.chooseAssignee")}
            defaultValue={value("assigneeId", diary.assignee?.id ?? null)}
            options={members}
            errors={errors("assigneeId")}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={field("description")}
            errors={errors("description")}
            textareaProps={{
              name: "description",
              defaultValue: value("description", diary.description),
              rows: 2,
              maxLength: DIARY_LIMITS.description,
            }}
          />
        </div>,
      )}
      {section(
        "diary-weather",
        t("operation:diary.sections.weather"),
        <>
          {weather ? (
            <p className="rounded border border-sky-200 bg-sky-50 p-2 text-sm text-sky-900">
              {t("operation:diary.detail.weatherSuggested", {
                weather: Object.values(weather).filter(Boolean).join(", "),
              })}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-3">
            <NativeSelect
              label={field("sky")}
              name="sky"
              placeholder="-"
              defaultValue={value("sky", diary.sky ?? weather?.sky ?? null)}
              options={choices(SKY_CONDITIONS, "sky")}
              errors={errors("sky")}
            />
            <NativeSelect
              label={field("wind")}
              name="wind"
              placeholder="-"
              defaultValue={value("wind", diary.wind ?? weather?.wind ?? null)}
              options={choices(WIND_CONDITIONS, "wind")}
              errors={errors("wind")}
            />
            <NativeSelect
              label={field("rain")}
              name="rain"
              placeholder="-"
              defaultValue={value("rain", diary.rain ?? weather?.rain ?? null)}
              options={choices(RAIN_CONDITIONS, "rain")}
              errors={errors("rain")}
            />
            <TextField
              label={field("rainStart")}
              errors={errors("rainStart")}
              inputProps={{
                name: "rainStart",
                type: "time",
                defaultValue: value("rainStart", diary.rainStart),
              }}
            />
            <TextField
              label={field("rainEnd")}
              errors={errors("rainEnd")}
              inputProps={{ name: "rainEnd", type: "time", defaultValue: value("rainEnd", diary.rainEnd) }}
            />
            <span className="hidden sm:block" />
            <TextField
              label={field("temperatureStart")}
              errors={errors("temperatureStart")}
              inputProps={{
                name: "temperatureStart",
                inputMode: "decimal",
                defaultValue: value("temperatureStart", diary.temperatureStart),
              }}
            />
            <TextField
              label={field("temperaturePeak")}
              errors={errors("temperaturePeak")}
              inputProps={{
                name: "temperaturePeak",
                inputMode: "decimal",
                defaultValue: value("temperaturePeak", diary.temperaturePeak),
              }}
            />
          </div>
        </>,
      )}
      {section(
        "diary-concerns",
        t("operation:diary.sections.concerns"),
        <TextAreaField
          label={field("concerns")}
          errors={errors("concerns")}
          textareaProps={{
            name: "concerns",
            defaultValue: value("concerns", diary.concerns),
            rows: 3,
            maxLength: DIARY_LIMITS.text,
          }}
        />,
      )}
      {ROW_SECTIONS.map(([key, title]) =>
        section(
          `diary-${key}`,
          t(`operation:diary.sections.${title}`),
          <DiaryRowsEditor
            section={key}
            title={t(`operation:diary.sections.${title}`)}
            hint={t("operation:diary.detail.rowsHint")}
            columns={columns[key]}
            rows={rowsFor(page, reply, key)}
            errors={errors}
          />,
        ),
      )}
      {section(
        "diary-other",
        t("operation:diary.sections.otherComments"),
        <TextAreaField
          label={field("otherComments")}
          errors={errors("otherComments")}
          textareaProps={{
            name: "otherComments",
            defaultValue: value("otherComments", diary.otherComments),
            rows: 3,
            maxLength: DIARY_LIMITS.text,
          }}
        />,
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("operation:diary.detail.save")}
        </Button>
      </div>
    </Form>
  );
}
