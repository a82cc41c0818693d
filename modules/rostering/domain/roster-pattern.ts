/**
 * A composition roster's repeating pattern: the cycle ("8/6", "7D/7N/7O") as users type it, and the worked
 * days it gives over a period. Also the calendar-day arithmetic the conflict rules share: a day is a whole
 * number (days since 1970-01-01), so no time zone or daylight saving can move it.
 */
import { message } from "~/app/utils/message-key";
import type { CycleStep, ShiftKind } from "./types";

/** A longer cycle than eight weeks is a roster typed wrong, not a swing anyone works. */
export const MAX_CYCLE_DAYS = 56;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of an ISO calendar day, or null when the text is not a real day ("2026-02-30"). */
export function dayNumberOrNull(iso: string): number | null {
  const match = ISO_DAY.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return time / DAY_MS;
}

/** The day number of an ISO calendar day; throws on anything else (the callers pass stored dates). */
export function dayNumber(iso: string): number {
  const day = dayNumberOrNull(iso);
  if (day === null) throw new Error(`Not a calendar day: ${iso}`);
  return day;
}

/** The ISO calendar day of a day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const isCalendarDay = (text: string): boolean => dayNumberOrNull(text) !== null;

export const cycleLength = (cycle: readonly CycleStep[]): number =>
  cycle.reduce((total, step) => total + step.days, 0);

/** Why a cycle cannot be used (a message key), or null when it can. */
export function cycleError(cycle: readonly CycleStep[]): string | null {
  if (cycle.length === 0) return "rostering:templates.cycle.errors.empty";
  if (cycle.some((step) => !Number.isInteger(step.days) || step.days < 1))
    return "rostering:templates.cycle.errors.zeroDays";
  if (cycleLength(cycle) > MAX_CYCLE_DAYS)
    return message("rostering:templates.cycle.errors.tooLong", { max: MAX_CYCLE_DAYS });
  if (!cycle.some((step) => step.kind !== "off")) return "rostering:templates.cycle.errors.noWork";
  return null;
}

export type WorkedDay = { date: string; kind: ShiftKind };

/**
 * The worked days of a cycle that starts on `anchor` and repeats, within [from, to] (both included). The
 * period may start before the anchor (the cycle runs backwards the same way) or years after it.
 */
export function expandCycle(input: {
  cycle: readonly CycleStep[];
  anchor: string;
  from: string;
  to: string;
}): WorkedDay[] {
  const error = cycleError(input.cycle);
  if (error) throw new Error(`Unusable cycle (${error})`);
  // What each day of one cycle is, so a day of the period is one look-up.
  const kinds: (ShiftKind | "off")[] = input.cycle.flatMap((step) => Array(step.days).fill(step.kind));
  const length = kinds.length;
  const anchor = dayNumber(input.anchor);
  const last = dayNumber(input.to);
  const worked: WorkedDay[] = [];
  for (let day = dayNumber(input.from); day <= last; day += 1) {
    const kind = kinds[(((day - anchor) % length) + length) % length];
    if (kind !== "off") worked.push({ date: isoDay(day), kind });
  }
  return worked;
}

export type CycleParse = { ok: true; cycle: CycleStep[] } | { ok: false; error: string };

// The words a step may carry, in English and Vietnamese, compared without case. A bare number is a worked
// (day) step after an off step or at the start, and an off step after a worked one: "8/6", "14/14".
const STEP_WORDS: Record<string, ShiftKind | "off"> = {
  d: "day",
  day: "day",
  days: "day",
  ds: "day",
  on: "day",
  "days on": "day",
  ngày: "day",
  "ca ngày": "day",
  n: "night",
  night: "night",
  nights: "night",
  ns: "night",
  "nights on": "night",
  đêm: "night",
  "ca đêm": "night",
  o: "off",
  off: "off",
  "days off": "off",
  r: "off",
  rest: "off",
  nghỉ: "off",
  "ngày nghỉ": "off",
};

const STEP = /(\d+)\s*([^\d/,;+]*)/gu;
const SEPARATORS = /^[\s/,;+]*$/u;

/**
 * A cycle as typed: "8/6" (8 day shifts, 6 off), "7D/7N/7O", "7 days, 7 nights, 7 off", "14 ngày, 14 nghỉ",
 * "4D4N6O". Steps of the same kind next to each other are one step.
 */
export function parseCycle(text: string): CycleParse {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: "rostering:templates.cycle.errors.empty" };
  const cycle: CycleStep[] = [];
  let rest = trimmed;
  for (const match of trimmed.matchAll(STEP)) {
    rest = rest.replace(match[0], " ");
    const word = match[2].trim().toLowerCase().replace(/\s+/g, " ");
    const days = Number(match[1]);
    const previous = cycle.at(-1);
    const kind: ShiftKind | "off" | undefined =
      word === "" ? (previous && previous.kind !== "off" ? "off" : "day") : STEP_WORDS[word];
    if (!kind) return { ok: false, error: "rostering:templates.cycle.errors.unreadable" };
    if (days < 1) return { ok: false, error: "rostering:templates.cycle.errors.zeroDays" };
    if (previous?.kind === kind) previous.days += days;
    else cycle.push({ kind, days });
  }
  if (!SEPARATORS.test(rest) || cycle.length === 0)
    return { ok: false, error: "rostering:templates.cycle.errors.unreadable" };
  const error = cycleError(cycle);
  return error ? { ok: false, error } : { ok: true, cycle };
}

// Loose on purpose: i18next's TFunction and react-i18next's `t` both fit.
type Translate = (key: string, options?: Record<string, unknown>) => unknown;

const SHORT: Record<ShiftKind | "off", string> = { day: "D", night: "N", off: "O" };

/**
 * The cycle in words ("8 days, 6 off"; "8 ngày, 6 nghỉ") when given a translate function, else its short
 * form ("8D/6O"). Both read back the same through parseCycle.
 */
export function describeCycle(cycle: readonly CycleStep[], t?: Translate): string {
  if (!t) return cycle.map((step) => `${step.days}${SHORT[step.kind]}`).join("/");
  return cycle
    .map((step) => String(t(`rostering:templates.cycle.steps.${step.kind}`, { count: step.days })))
    .join(", ");
}
