import { z } from "zod";

/**
 * The module's calendar settings form (the core's settings forms, manifest `settings.calendar`): how many days
 * before an occurrence a new reminder's e-mail goes, and the weekday the calendar's weeks start on. Pure zod:
 * the manifest imports it.
 */
export const CALENDAR_WEEK_STARTS = ["monday", "sunday", "saturday"] as const;

export const calendarSettingsSchema = z.object({
  defaultLeadDays: z.number().int().min(0).max(60).default(3),
  weekStartsOn: z.enum(CALENDAR_WEEK_STARTS).default("monday"),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;
