import { z } from "zod";
import { message } from "./message-key";

/**
 * A calendar day as the native date input posts it: YYYY-MM-DD. "Real" means the calendar has it (no
 * 2026-02-30, no month 13) and PostgreSQL's `date` can store it (years 1 to 9999; it has no year 0, so
 * 0000-00-00 used to reach the database and fail there). Decided without Date, whose parsing of odd years
 * and overflowing days is lenient.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

export const invalidDateMessage = message("common:validation.invalidDate");

/**
 * A required day field. Its format is zod's ISO date (so tools that read schemas, the fuzz suite among them,
 * know it is a date), narrowed to the days that exist and can be stored.
 */
export const isoDaySchema = (error: string = invalidDateMessage) =>
  z.iso.date({ error, abort: true }).refine(isIsoDay, { error });

/** An optional day field: blank (or absent) is null, anything else must be a real day. */
export const optionalIsoDaySchema = (error: string = invalidDateMessage) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isIsoDay(value), { error })
    .transform((value) => value || null);
