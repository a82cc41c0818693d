/**
 * The rostering settings form (/rostering/rostering/settings): fatigue rules and when each shift kind starts
 * and how long it runs. Pure zod, read by the manifest and the server.
 */
import { z } from "zod";
import type { FatigueRules, ShiftTimes } from "./types";

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const rosteringSettings = z.object({
  /** More shifts than this on consecutive days breaks the fatigue rule. */
  maxConsecutiveShifts: z.number().int().min(1).max(28).default(12),
  /** Fewer hours than this between the end of one shift and the start of the next breaks it too. */
  minRestHours: z.number().int().min(0).max(24).default(10),
  dayShiftStart: timeOfDay.default("06:00"),
  nightShiftStart: timeOfDay.default("18:00"),
  shiftHours: z.number().int().min(4).max(16).default(12),
});
export type RosteringSettings = z.infer<typeof rosteringSettings>;

export const fatigueRulesOf = (settings: RosteringSettings): FatigueRules => ({
  maxConsecutiveShifts: settings.maxConsecutiveShifts,
  minRestHours: settings.minRestHours,
});

export const shiftTimesOf = (settings: RosteringSettings): ShiftTimes => ({
  day: { start: settings.dayShiftStart, hours: settings.shiftHours },
  night: { start: settings.nightShiftStart, hours: settings.shiftHours },
});
