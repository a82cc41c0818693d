/**
 * Schedule cards (decision 046): a named shift the project works ("Day 12 h": day, 06:00, 12 hours), kept in
 * named groups ("Civil works"). A roster chooses a day card and a night card; without one the rostering
 * settings' times apply. The forms' rules (server only: zod stays out of the pages' browser code) and the
 * times arithmetic the pages show. Messages are translation keys (app/utils/message-key).
 */
import { z } from "zod";
import { message, requiredMessage } from "~/app/utils/message-key";
import { optionalText, requiredText } from "~/server/http/form-fields";
import { SCHEDULE_CARD_LIMITS } from "../server/rostering-basics";
import { optionalUuid, uuid } from "./roster-forms";
import { SHIFT_KINDS } from "./types";

const L = SCHEDULE_CARD_LIMITS;

export const scheduleCardGroupSchema = z.object({
  groupId: optionalUuid,
  name: requiredText(L.name),
  description: optionalText(L.description),
});

export const scheduleCardSchema = z.object({
  cardId: optionalUuid,
  groupId: uuid,
  name: requiredText(L.name),
  kind: z.enum(SHIFT_KINDS, { error: message("rostering:messages.choiceNotFound") }),
  startTime: z
    .string({ error: requiredMessage })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message("rostering:scheduleCards.messages.badTime")),
  hours: z.coerce
    .number({ error: requiredMessage })
    .int(message("rostering:messages.wholeNumber"))
    .min(
      L.minHours,
      message("rostering:scheduleCards.messages.hoursRange", { min: L.minHours, max: L.maxHours }),
    )
    .max(
      L.maxHours,
      message("rostering:scheduleCards.messages.hoursRange", { min: L.minHours, max: L.maxHours }),
    ),
});

/** The cards of one kind of one group, for a roster's select (an <optgroup>). */
export type CardChoiceGroup = { label: string; options: { value: string; label: string }[] };

/** A roster's cards (the roster page's set-cards form and the create form): blank is "the settings' times". */
export const rosterCardsSchema = z.object({ dayCardId: optionalUuid, nightCardId: optionalUuid });

/** When a shift starting at `start` ("HH:MM") and lasting `hours` ends, on the clock ("18:00"; past midnight wraps). */
export function endTime(start: string, hours: number): string {
  const [h, m] = start.split(":").map(Number);
  const minutes = (h * 60 + m + Math.round(hours * 60)) % 1440;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** "06:00–18:00" */
export const timeRange = (start: string, hours: number) => `${start}–${endTime(start, hours)}`;

/** Names compared as the unique rule sees them: case and surrounding or repeated spaces ignored. */
export const sameName = (a: string, b: string) =>
  a.trim().toLowerCase().replace(/\s+/g, " ") === b.trim().toLowerCase().replace(/\s+/g, " ");
