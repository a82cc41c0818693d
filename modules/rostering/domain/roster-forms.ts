/**
 * The rostering forms' rules (server only: zod stays out of the pages' browser code). Messages are translation
 * keys (app/utils/message-key).
 */
import { z } from "zod";
import { message, requiredMessage } from "~/app/utils/message-key";
import { endNotBeforeStart, optionalText, requiredText } from "~/server/http/form-fields";
import { ROSTERING_LIMITS as L } from "../server/rostering-basics";
import { isCalendarDay } from "./roster-pattern";
import { SHIFT_KINDS } from "./types";

/** A real calendar day written YYYY-MM-DD (2027-02-30 is not one). */
export const dayField = z
  .string({ error: requiredMessage })
  .trim()
  .refine(isCalendarDay, message("rostering:messages.badDate"));
const optionalDay = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine((day) => day === null || isCalendarDay(day), { message: message("rostering:messages.badDate") });
/** A chosen record (a person, a crew, a card): its id, or the message that the choice is gone. */
export const uuid = z.string({ error: requiredMessage }).uuid(message("rostering:messages.choiceNotFound"));
export const optionalUuid = z
  .string()
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || z.string().uuid().safeParse(value).success, {
    message: message("rostering:messages.choiceNotFound"),
  });

export const personSchema = z.object({
  personId: optionalUuid,
  fullName: requiredText(L.name),
  email: optionalText(L.email)
    .transform((value) => value?.toLowerCase() ?? null)
    .refine((value) => value === null || z.string().email().safeParse(value).success, {
      message: message("rostering:messages.badEmail"),
    }),
  phone: optionalText(L.phone),
  role: requiredText(L.role),
  companyId: optionalUuid,
  homeLocation: optionalText(L.homeLocation),
});
export type PersonForm = z.infer<typeof personSchema>;

export const ticketSchema = z.object({
  personId: uuid,
  ticketName: requiredText(L.ticket),
  expiresOn: optionalDay,
});

export const crewSchema = z.object({
  crewId: optionalUuid,
  name: requiredText(L.crewName),
  leadId: optionalUuid,
  memberIds: z.array(z.string().uuid(message("rostering:messages.choiceNotFound"))).default([]),
});
export type CrewForm = z.infer<typeof crewSchema>;

export const allocationSchema = z
  .object({
    allocationId: optionalUuid,
    role: requiredText(L.role),
    peopleNeeded: z.coerce
      .number({ error: requiredMessage })
      .int(message("rostering:messages.wholeNumber"))
      .min(1, message("rostering:messages.peopleNeededRange", { max: L.peopleNeeded }))
      .max(L.peopleNeeded, message("rostering:messages.peopleNeededRange", { max: L.peopleNeeded })),
    startsOn: dayField,
    endsOn: dayField,
    shiftKind: z.enum(SHIFT_KINDS, { error: message("rostering:messages.choiceNotFound") }),
    requiredTickets: optionalText(1000),
    notes: optionalText(L.notes),
  })
  .superRefine(endNotBeforeStart("startsOn", "endsOn", "rostering:messages.endBeforeStart"));
export type AllocationForm = z.infer<typeof allocationSchema>;

export const idSchema = (name: string) => z.object({ [name]: uuid });

export const deleteSchema = (name: string) =>
  z.object({
    [name]: uuid,
    confirmed: z
      .preprocess((value) => value === "on" || value === "true", z.boolean())
      .refine((ticked) => ticked, { error: message("rostering:messages.confirmRequired") }),
  });

/** Ticket names typed as one text: "White Card, Working at Heights" (commas, semicolons or lines). */
export const ticketNames = (text: string | null) => [
  ...new Set(
    (text ?? "")
      .split(/[,;\n]/)
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];
