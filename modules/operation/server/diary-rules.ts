import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  DELAY_CAUSES,
  DIARY_LIMITS,
  PLANT_KINDS,
  RAIN_CONDITIONS,
  rainEndsAfterStart,
  SKY_CONDITIONS,
  TEMPERATURE_RANGE,
  TIME_OF_DAY,
  WIND_CONDITIONS,
} from "../domain/diary-fields";
import { DIARY_STATUSES, DIARY_STEPS } from "../domain/diary-workflow";
import { DIARY_INTENTS, DIARY_SORTS, DIARY_WHOLE_PROJECT } from "./diary-basics";

export * from "./diary-basics";

/**
 * The site diary's forms and register query, read on the server only (the pages post plain forms: no zod in
 * the browser). Messages are translation keys (operation:diary.errors.*). Numbers stay decimal strings
 * (numeric columns, never floats).
 */

const L = DIARY_LIMITS;
const choiceNotFound = message("operation:diary.errors.choiceNotFound");

const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();
const requiredText = (max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxLengthMessage(max));
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: choiceNotFound }).optional();
const time = z
  .string()
  .regex(TIME_OF_DAY, { error: message("operation:diary.errors.invalidTime") })
  .optional();
const TEMPERATURE_TEXT = /^-?\d{1,2}(\.\d)?$/;
const temperature = z
  .string()
  .trim()
  .regex(TEMPERATURE_TEXT, { error: message("operation:diary.errors.invalidTemperature") })
  .refine((value) => Number(value) >= TEMPERATURE_RANGE.min && Number(value) <= TEMPERATURE_RANGE.max, {
    error: message("operation:diary.errors.temperatureRange", TEMPERATURE_RANGE),
  })
  .optional();
const workers = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, { error: message("operation:diary.errors.invalidWorkers") })
  .refine((value) => Number(value) <= L.workers, {
    error: message("operation:diary.errors.invalidWorkers"),
  })
  .optional();
const hours = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: message("operation:diary.errors.invalidHours") })
    .refine((value) => Number(value) <= max, {
      error: message("operation:diary.errors.hoursTooMany", { max }),
    })
    .optional();

/** A row the user left blank (or ticked to remove) is dropped on save, not refused. */
const isBlank = (row: Record<string, unknown>) =>
  row.remove === true ||
  Object.entries(row).every(([key, value]) => key === "remove" || key === "prefilled" || value === undefined);
const removeBox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);

function rowsOf<T extends z.ZodRawShape>(shape: T, required: readonly (keyof T & string)[]) {
  return z
    .array(z.object({ ...shape, remove: removeBox }))
    .max(L.rows, message("operation:diary.errors.tooManyRows", { max: L.rows }))
    .default([])
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (isBlank(row)) return;
        for (const field of required)
          if ((row as Record<string, unknown>)[field] === undefined)
            context.addIssue({ code: "custom", path: [index, field], message: requiredMessage });
      });
    })
    .transform((rows) => rows.filter((row) => !isBlank(row)));
}

/** The diary's form: Basic Information, Weather/Temperature, Concerns, Other Comments and its four row sections. */
export const diarySaveSchema = z
  .object({
    intent: z.literal(DIARY_INTENTS.save),
    description: text(L.description),
    assigneeId: z.uuid({ error: choiceNotFound }).optional(),
    dueDate: isoDaySchema(message("operation:diary.errors.invalidDate")),
    sky: optionalChoice(SKY_CONDITIONS),
    wind: optionalChoice(WIND_CONDITIONS),
    rain: optionalChoice(RAIN_CONDITIONS),
    rainStart: time,
    rainEnd: time,
    temperatureStart: temperature,
    temperaturePeak: temperature,
    concerns: text(L.text),
    otherComments: text(L.text),
    workLog: rowsOf(
      {
        company: text(L.company),
        title: text(L.title),
        workers,
        hours: hours(L.hours),
      },
      ["company", "title"],
    ),
    delays: rowsOf(
      {
        cause: optionalChoice(DELAY_CAUSES),
        title: text(L.title),
        hours: hours(L.hoursLost),
      },
      ["cause", "title"],
    ),
    plant: rowsOf(
      {
        plantKind: optionalChoice(PLANT_KINDS),
        title: text(L.title),
        detail: text(L.detail),
      },
      ["plantKind", "title"],
    ),
    meetings: rowsOf({ title: text(L.title), detail: text(L.detail) }, ["title"]),
  })
  .superRefine((value, context) => {
    if (!rainEndsAfterStart(value.rainStart, value.rainEnd))
      context.addIssue({
        code: "custom",
        path: ["rainEnd"],
        message: message("operation:diary.errors.rainEndBeforeStart"),
      });
    const readable = (text: string | undefined) => text !== undefined && TEMPERATURE_TEXT.test(text);
    if (
      readable(value.temperatureStart) &&
      readable(value.temperaturePeak) &&
      Number(value.temperaturePeak) < Number(value.temperatureStart)
    )
      context.addIssue({
        code: "custom",
        path: ["temperaturePeak"],
        message: message("operation:diary.errors.peakBelowStart"),
      });
  });
export type DiarySaveForm = z.infer<typeof diarySaveSchema>;

export const diaryCreateSchema = z.object({
  intent: z.literal(DIARY_INTENTS.create),
  formDate: isoDaySchema(message("operation:diary.errors.invalidDate")),
  locationId: z.uuid({ error: choiceNotFound }).optional(),
  description: text(L.description),
  assigneeId: z.uuid({ error: choiceNotFound }).optional(),
});

/** Where today's diary is: a location, or the whole project (said explicitly, so an empty post opens nothing). */
export const diaryOpenTodaySchema = z.object({
  intent: z.literal(DIARY_INTENTS.openToday),
  locationId: z.union([z.literal(DIARY_WHOLE_PROJECT), z.uuid()], { error: choiceNotFound }),
});

export const diaryNoteSchema = z.object({
  intent: z.literal(DIARY_INTENTS.note),
  body: requiredText(L.note),
});

export const diaryIssueSchema = z.object({
  intent: z.literal(DIARY_INTENTS.issue),
  title: requiredText(L.issueTitle),
  description: text(L.issueDescription),
});

export const diaryTransitionSchema = z.object({
  intent: z.literal(DIARY_INTENTS.transition),
  action: z.enum(DIARY_STEPS, { error: message("operation:diary.errors.actionNotAllowed") }),
  comment: text(L.comment),
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});

export const diaryPhotoDeleteSchema = z.object({
  intent: z.literal(DIARY_INTENTS.photoDelete),
  fileId: z.uuid({ error: choiceNotFound }),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ids = (values: string[]) => [
  ...new Set(values.filter((value) => UUID.test(value)).map((value) => value.toLowerCase())),
];
const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readDiaryQuery(params: URLSearchParams) {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(DIARY_STATUSES, params.get("status")),
    locations: ids(params.getAll("location")).slice(0, 20),
    assignees: ids(params.getAll("assignee")).slice(0, 20),
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
    // Newest day first.
    ...readListSort(params, DIARY_SORTS, { sort: "formDate", dir: "desc" }),
  };
}
export type DiaryQuery = ReturnType<typeof readDiaryQuery>;
