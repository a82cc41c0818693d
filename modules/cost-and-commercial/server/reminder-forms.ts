import { z } from "zod";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { optionalText, requiredText } from "~/server/http/form-fields";
import {
  isValidRule,
  RECURRENCE_KINDS,
  type RecurrenceChoice,
  recurrenceRule,
  WEEKDAYS,
} from "../domain/schedule-recurrence";
import { CONTRACT_SIDES, REMINDER_STATUSES } from "../domain/vocabularies";

export * from "./calendar-basics";

/** The schedule/reminder form's rules (spec 3 "Schedule/reminder"), for the server and the fuzz suite. */

export const REMINDER_LIMITS = { title: 200, documentTemplate: 200, recipients: 20, leadDays: 60 } as const;
const L = REMINDER_LIMITS;

const invalidDate = message("common:validation.invalidDate");
const optionalDay = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isIsoDay(value), { error: invalidDate })
  .transform((value) => value || null);

const emailSchema = z.email();

/** Recipients as typed: e-mail addresses separated by commas, semicolons, spaces or lines. */
const recipients = z
  .string()
  .optional()
  .transform((value) => [
    ...new Set(
      (value ?? "")
        .split(/[\s,;]+/)
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .superRefine((addresses, context) => {
    const wrong = addresses.filter((address) => !emailSchema.safeParse(address).success);
    if (wrong.length > 0)
      context.addIssue({
        code: "custom",
        message: message("cost-and-commercial:reminders.errors.badEmail", {
          addresses: wrong.slice(0, 3).join(", "),
        }),
      });
    if (addresses.length > L.recipients)
      context.addIssue({
        code: "custom",
        message: message("cost-and-commercial:reminders.errors.tooManyRecipients", { count: L.recipients }),
      });
  });

const wholeNumber = (min: number, max: number, key: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || (/^-?\d{1,3}$/.test(value) && Number(value) >= min && Number(value) <= max),
      {
        error: message(key),
      },
    )
    .transform((value) => (value ? Number(value) : null));

export const reminderSchema = z
  .object({
    side: z.enum(CONTRACT_SIDES, { error: requiredMessage }),
    title: requiredText(L.title),
    startDate: isoDaySchema(invalidDate),
    endDate: optionalDay,
    status: z.enum(REMINDER_STATUSES, { error: requiredMessage }),
    recurrence: z.enum(RECURRENCE_KINDS, { error: requiredMessage }),
    weekday: z
      .enum(WEEKDAYS)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    monthDay: wholeNumber(-1, 31, "cost-and-commercial:reminders.errors.monthDay"),
    leadDays: wholeNumber(0, L.leadDays, "cost-and-commercial:reminders.errors.leadDays"),
    emailTemplateId: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null)
      .pipe(
        z
          .string()
          .uuid({ error: message("cost-and-commercial:reminders.errors.template") })
          .nullable(),
      ),
    documentTemplate: optionalText(L.documentTemplate),
    recipients,
  })
  .superRefine((value, context) => {
    if (value.endDate && value.endDate < value.startDate)
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: message("cost-and-commercial:reminders.errors.endBeforeStart"),
      });
    if (value.recurrence === "weekly" && !value.weekday)
      context.addIssue({ code: "custom", path: ["weekday"], message: requiredMessage });
    if (value.recurrence === "monthly-day" && (value.monthDay === null || value.monthDay === 0))
      context.addIssue({
        code: "custom",
        path: ["monthDay"],
        message: message("cost-and-commercial:reminders.errors.monthDay"),
      });
  })
  .transform((value) => {
    const choice: RecurrenceChoice =
      value.recurrence === "weekly"
        ? { kind: "weekly", weekday: value.weekday! }
        : value.recurrence === "monthly-day"
          ? { kind: "monthly-day", monthDay: value.monthDay! }
          : ({ kind: value.recurrence } as RecurrenceChoice);
    // Stored as the entity says: the rule's parts without the "RRULE:" name.
    const rule = recurrenceRule(choice, value.startDate)?.replace(/^RRULE:/i, "") ?? null;
    return { ...value, rule: rule && isValidRule(rule) ? rule : null };
  });
export type ReminderForm = z.infer<typeof reminderSchema>;
