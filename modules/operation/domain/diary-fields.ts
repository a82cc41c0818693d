/**
 * The site diary's fields (spec 3) and their pure rules: the weather's choices, the delay causes, the
 * sections' rows and the limits the database can store. No Remix, no MikroORM.
 */

export const SKY_CONDITIONS = ["clear", "partly_cloudy", "overcast", "fog"] as const;
export const WIND_CONDITIONS = ["calm", "light", "moderate", "strong", "gale"] as const;
export const RAIN_CONDITIONS = ["none", "drizzle", "light", "moderate", "heavy", "storm"] as const;
export type SkyCondition = (typeof SKY_CONDITIONS)[number];
export type WindCondition = (typeof WIND_CONDITIONS)[number];
export type RainCondition = (typeof RAIN_CONDITIONS)[number];

/** Why time was lost (decision 039): the causes a construction diary records. */
export const DELAY_CAUSES = [
  "weather",
  "client_instruction",
  "design",
  "materials",
  "plant_breakdown",
  "subcontractor",
  "access",
  "safety_stop",
  "authority",
  "other",
] as const;
export type DelayCause = (typeof DELAY_CAUSES)[number];

/** The diary's own row sections, saved whole with the form (one table, `section` says which). */
export const DIARY_ROW_SECTIONS = ["work_log", "delay", "plant", "meeting"] as const;
export type DiaryRowSection = (typeof DIARY_ROW_SECTIONS)[number];

/** Plant Item / Machineries / Deliverables: what the row is. */
export const PLANT_KINDS = ["plant", "machinery", "deliverable"] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];

/** A temperature on site outside this range (°C) is a typing mistake, not weather. */
export const TEMPERATURE_RANGE = { min: -40, max: 60 } as const;

export const DIARY_LIMITS = {
  description: 2000,
  text: 4000,
  title: 200,
  company: 200,
  detail: 500,
  rows: 50,
  workers: 10000,
  /** Hours of one row (a crew's hours), with two decimals. */
  hours: 99999.99,
  hoursLost: 24,
  note: 4000,
  issueTitle: 200,
  issueDescription: 4000,
  comment: 2000,
} as const;

/** "HH:mm" on a 24-hour clock. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Rain's end is not before its start (both on the diary's day). */
export const rainEndsAfterStart = (start: string | null | undefined, end: string | null | undefined) =>
  !start || !end || minutesOf(end) >= minutesOf(start);

/** A day YYYY-MM-DD plus some days (UTC arithmetic on a calendar day). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The human number's kind: SD-0001, per project (server/db/counters). */
export const DIARY_NUMBER_KIND = "SD";
