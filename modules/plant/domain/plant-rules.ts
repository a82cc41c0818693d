/**
 * Plant rules without a database (decision 038): on hire on a day, document expiry, the pre-start checklist
 * and its overall result. Pure: no Remix, no MikroORM.
 */
import type { PlantStatus } from "./plant-workflow";

/** `day` plus `days`, both YYYY-MM-DD calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * On site on a day: approved for use (ACTIVE) and on hire that day — its on-hire date on or before the day
 * and its off-hire date, when set, on or after it (the off-hire day is still a day on site).
 */
export function isOnSite(
  plant: { status: PlantStatus; onHireDate: string | null; offHireDate: string | null },
  day: string,
): boolean {
  if (plant.status !== "ACTIVE" || !plant.onHireDate) return false;
  return plant.onHireDate <= day && (plant.offHireDate === null || plant.offHireDate >= day);
}

export const DOCUMENT_KINDS = [
  "registration",
  "service-record",
  "insurance",
  "operator-licence",
  "other",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The default warning window before a document's expiry (the module's settings may change it). */
export const DEFAULT_EXPIRY_WARNING_DAYS = 30;

export const DOCUMENT_EXPIRIES = ["expired", "expiring", "current", "none"] as const;
export type DocumentExpiry = (typeof DOCUMENT_EXPIRIES)[number];

/**
 * A document is good through its expiry date and expired from the day after; it is expiring from `warningDays`
 * before its expiry date (the site's today, decision 029) through that date. One without a date never expires.
 */
export function documentExpiry(
  expiryDate: string | null,
  today: string,
  warningDays: number,
): DocumentExpiry {
  if (!expiryDate) return "none";
  if (expiryDate < today) return "expired";
  if (expiryDate <= addDays(today, warningDays)) return "expiring";
  return "current";
}

export const CHECK_ANSWERS = ["pass", "fail", "na"] as const;
export type CheckAnswer = (typeof CHECK_ANSWERS)[number];

export type CheckItem = { label: string; answer: CheckAnswer; comment: string | null };

export const CHECK_RESULTS = ["PASS", "FAIL"] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/** A pre-start check fails when any one item fails; N/A items do not count either way. */
export function checkResult(items: readonly Pick<CheckItem, "answer">[]): CheckResult {
  return items.some((item) => item.answer === "fail") ? "FAIL" : "PASS";
}

/** The items of a plant's pre-start check unless the project lists its own (/plants-and-machinery/settings). */
export const DEFAULT_CHECKLIST = [
  "Brakes",
  "Lights",
  "Horn",
  "Fluid leaks",
  "Guards",
  "Fire extinguisher",
  "Seatbelt",
  "Reversing alarm",
] as const;

export const CHECKLIST_MAX_ITEMS = 40;
export const CHECKLIST_ITEM_MAX = 120;

/** The checklist items of the settings' text: one a line, blank lines and repeats left out. */
export function checklistItems(text: string | null | undefined): string[] {
  const items: string[] = [];
  for (const line of (text ?? "").split(/\r?\n/)) {
    const item = line.trim().slice(0, CHECKLIST_ITEM_MAX);
    if (item && !items.some((known) => known.toLowerCase() === item.toLowerCase())) items.push(item);
  }
  return items.length > 0 ? items.slice(0, CHECKLIST_MAX_ITEMS) : [...DEFAULT_CHECKLIST];
}

/** The tag a scan may name the plant by: trimmed, inner spaces folded, in capitals (as safety stores them). */
export const plantTagKey = (tag: string) => tag.trim().replace(/\s+/g, " ").toUpperCase();
