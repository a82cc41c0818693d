import { z } from "zod";
import { isoDaySchema } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { confirmedCheckbox, endNotBeforeStart, optionalText, requiredText } from "~/server/http/form-fields";
import { CONTRACT_SIDES, TASK_STATUSES } from "../domain/vocabularies";
import { CALENDAR_TASK_INTENTS, CALENDAR_LIMITS as L } from "./calendar-basics";

export * from "./calendar-basics";

/** The calendar task's form rules, for the server and the fuzz suite; messages are translation keys. */

const day = () => isoDaySchema();
const memberId = z.string().uuid({ error: message("cost-and-commercial:calendar.errors.notMember") });

/** A multi-select posts one value per choice: none is an empty list. */
const idList = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(memberId).max(L.collaborators),
);

export const calendarTaskSchema = z
  .object({
    side: z.enum(CONTRACT_SIDES, { error: requiredMessage }),
    task: requiredText(L.task),
    description: optionalText(L.description),
    responsibleId: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null)
      .pipe(memberId.nullable()),
    collaboratorIds: idList,
    startDate: day(),
    dueDate: day(),
    packageName: optionalText(L.packageName),
    packageType: optionalText(L.packageType),
    contractObligations: optionalText(L.text),
    notes: optionalText(L.text),
    status: z.enum(TASK_STATUSES, { error: requiredMessage }).default("open"),
  })
  .superRefine(
    endNotBeforeStart("startDate", "dueDate", "cost-and-commercial:calendar.errors.dueBeforeStart"),
  );
export type CalendarTaskForm = z.infer<typeof calendarTaskSchema>;

export const calendarTaskDeleteSchema = z.object({
  intent: z.literal(CALENDAR_TASK_INTENTS.delete),
  confirmed: confirmedCheckbox(message("cost-and-commercial:calendar.errors.confirmRequired")),
});
