/**
 * A project's time zone (decision 029): an IANA zone ("Australia/Sydney") kept as the project-settings
 * module's General setting `timeZone`; unset, the zone follows the project's region. Pure: the browser,
 * the domain rules and the server share it. Times are stored in UTC; the zone says what "now", "today"
 * and "07:30" mean on the project's site.
 */

/** The zone a project without a chosen zone works in, by its region (Project.language). */
export function defaultTimeZoneFor(language: string | null | undefined): string {
  const region = (language ?? "").toUpperCase();
  if (region === "AU") return "Australia/Sydney";
  if (region === "VI") return "Asia/Ho_Chi_Minh";
  return "UTC";
}

/** Whether the runtime knows the zone (an IANA name such as "Asia/Ho_Chi_Minh", or "UTC"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones offered in the settings form: the runtime's IANA list, UTC first. */
export function timeZoneChoices(): [string, ...string[]] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  return ["UTC", ...listed.filter((zone) => zone !== "UTC")];
}

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number };

/**
 * One formatter per zone: making an Intl.DateTimeFormat costs far more than using one, and a register's day
 * ranges ask for several instants a request. The zones are the runtime's (bounded).
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(zone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClockFormats.set(zone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in a zone. */
export function zonedParts(instant: Date, zone: string): ZonedParts {
  const parts = wallClockFormat(zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** "YYYY-MM-DD" of an instant in a zone (the project's today). */
export function zonedDay(instant: Date, zone: string): string {
  const { year, month, day } = zonedParts(instant, zone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The zone's offset from UTC at an instant, in minutes (Sydney in January: +660). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const p = zonedParts(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a wall-clock time in a zone ("2026-03-01", 7, 30 in Sydney → 2026-02-28T20:30Z). A time
 * the clocks skip when summer time starts is read with the offset before the jump (02:30 → 03:30); a time
 * that happens twice when it ends is the first of the two.
 */
export function zonedTimeToUtc(day: string, hour: number, minute: number, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // Two passes settle the offset around a change of summer time.
  const first = wall - zoneOffsetMinutes(new Date(wall), zone) * 60_000;
  const second = wall - zoneOffsetMinutes(new Date(first), zone) * 60_000;
  const earlier = wall - zoneOffsetMinutes(new Date(first - 3_600_000), zone) * 60_000;
  const candidates = [earlier, first, second].filter((instant) => {
    const p = zonedParts(new Date(instant), zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  });
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // The wall time falls in the gap: read it with the offset of the day before the jump.
  return new Date(wall - zoneOffsetMinutes(new Date(wall - 86_400_000), zone) * 60_000);
}

/** The day after a YYYY-MM-DD day. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A filter's days on the site's clock as instants: from the first minute of `from` to the first minute
 * after `to` (compare with `>=` and `<`). A day not given leaves that end open.
 */
export function siteDayRange(
  from: string | null | undefined,
  to: string | null | undefined,
  zone: string,
): { from: Date | null; to: Date | null } {
  return {
    from: from ? zonedTimeToUtc(from, 0, 0, zone) : null,
    to: to ? zonedTimeToUtc(dayAfter(to), 0, 0, zone) : null,
  };
}
