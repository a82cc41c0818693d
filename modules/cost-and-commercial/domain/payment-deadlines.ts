/**
 * Security-of-payment deadlines (decision 044): when a payment claim's payment schedule and its payment are due
 * under the contract's jurisdiction, counted in that law's business days. Public holidays come from
 * `date-holidays` (the state's public holidays, substitute days included); the Christmas shutdown each Act
 * excludes is ours. Pure: days are "YYYY-MM-DD" texts, no clock, no time zone.
 *
 * New South Wales — Building and Construction Industry Security of Payment Act 1999:
 * - a business day is not a Saturday, Sunday, NSW public holiday, or 27–31 December;
 * - the payment schedule is due 10 business days after the claim is served (s 14(4));
 * - payment is due 15 business days after the claim from a principal to a head contractor (s 11(1A)) and 20
 *   from a head contractor to a subcontractor (s 11(1B));
 * - a contract may set an earlier day, never a later one.
 * Queensland — Building Industry Fairness (Security of Payment) Act 2017:
 * - a business day is not a Saturday, Sunday, Queensland public holiday, or 22 December – 10 January;
 * - the payment schedule is due 15 business days after the claim is given, or earlier if the contract says (s 76);
 * - payment is due when the contract says, but no later than 15 business days (head contract) or 25 (subcontract)
 *   after the claim; 10 business days when the contract says nothing (s 73).
 * "none": only the contract's own days count, as business days without holidays.
 */
import Holidays from "date-holidays";
import type { Jurisdiction } from "./vocabularies";

export type ClaimSide = "head-contract" | "subcontract";

export type ClaimDeadlineInput = {
  jurisdiction: Jurisdiction;
  side: ClaimSide;
  /** The day the claim was served on (given to) the party who pays. */
  servedOn: string;
  /** The contract's own periods in business days, when it sets them. */
  paymentScheduleDays?: number | null;
  paymentDays?: number | null;
};

export type ClaimDeadlines = {
  /** null when neither the law nor the contract sets one. */
  paymentScheduleDueOn: string | null;
  paymentDueOn: string | null;
};

const LAW: Record<
  Exclude<Jurisdiction, "none">,
  {
    region: string;
    schedule: number;
    /** Payment when the contract sets no day, and the latest day a contract may set, per side. */
    payment: Record<ClaimSide, { default: number; cap: number }>;
    shutdown: (monthDay: string) => boolean;
  }
> = {
  NSW: {
    region: "NSW",
    schedule: 10,
    payment: { "head-contract": { default: 15, cap: 15 }, subcontract: { default: 20, cap: 20 } },
    shutdown: (monthDay) => monthDay >= "12-27" && monthDay <= "12-31",
  },
  QLD: {
    region: "QLD",
    schedule: 15,
    payment: { "head-contract": { default: 10, cap: 15 }, subcontract: { default: 10, cap: 25 } },
    shutdown: (monthDay) => monthDay >= "12-22" || monthDay <= "01-10",
  },
};

const holidaysByRegionYear = new Map<string, Set<string>>();

function publicHolidays(region: string, year: number): Set<string> {
  const key = `${region}:${year}`;
  let days = holidaysByRegionYear.get(key);
  if (!days) {
    const calendar = new Holidays("AU", region);
    days = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByRegionYear.set(key, days);
  }
  return days;
}

const DAY_MS = 86_400_000;
const toUtc = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Whether the day counts as a business day under the jurisdiction's law. */
export function isBusinessDay(jurisdiction: Jurisdiction, day: string): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (jurisdiction === "none") return true;
  const law = LAW[jurisdiction];
  if (law.shutdown(day.slice(5))) return false;
  return !publicHolidays(law.region, Number(day.slice(0, 4))).has(day);
}

/** The day that is `days` business days after `from` (from itself not counted). */
export function addBusinessDays(jurisdiction: Jurisdiction, from: string, days: number): string {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`business days must be a whole number ≥ 0: ${days}`);
  let time = toUtc(from);
  let counted = 0;
  while (counted < days) {
    time += DAY_MS;
    if (isBusinessDay(jurisdiction, fromUtc(time))) counted += 1;
  }
  return fromUtc(time);
}

/** The earlier of the contract's period and the law's (a contract may shorten the law's, never lengthen it). */
const shorter = (law: number, contract: number | null | undefined) =>
  contract != null && contract >= 0 ? Math.min(law, contract) : law;

/** When the payment schedule and the payment of a claim served on `servedOn` are due. */
export function claimDeadlines(input: ClaimDeadlineInput): ClaimDeadlines {
  const { jurisdiction, side, servedOn, paymentScheduleDays, paymentDays } = input;
  if (jurisdiction === "none")
    return {
      paymentScheduleDueOn:
        paymentScheduleDays != null ? addBusinessDays("none", servedOn, paymentScheduleDays) : null,
      paymentDueOn: paymentDays != null ? addBusinessDays("none", servedOn, paymentDays) : null,
    };
  const law = LAW[jurisdiction];
  const payment = law.payment[side];
  return {
    paymentScheduleDueOn: addBusinessDays(jurisdiction, servedOn, shorter(law.schedule, paymentScheduleDays)),
    paymentDueOn: addBusinessDays(
      jurisdiction,
      servedOn,
      paymentDays != null ? shorter(payment.cap, paymentDays) : payment.default,
    ),
  };
}
