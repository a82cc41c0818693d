/**
 * A docket's money on the digits (spec 9; decision 043): unit prices are integer cents, quantities are the
 * `numeric(14,3)` column's decimal text, an item's amount is unit price × quantity rounded half away from
 * zero to the cent, and the docket's total is the sum of its items. Nothing here is a floating point number.
 * Pure: no Remix, no MikroORM.
 */

/** A quantity as the column keeps it: up to 11 whole digits and 3 decimals, not negative. */
const QUANTITY = /^(\d{1,11})(?:\.(\d{1,3}))?$/;
/** A unit price as typed: whole dollars (thousands separators allowed) and up to 2 decimals, not negative. */
const PRICE = /^(\d{1,3}(?:,\d{3})+|\d{1,13})(?:\.(\d{1,2}))?$/;

/** "12.5" → 12500 thousandths; null when it is not a quantity the column keeps. */
export function quantityThousandths(text: string): bigint | null {
  const match = QUANTITY.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]) * 1000n + BigInt((match[2] ?? "").padEnd(3, "0"));
}

/** The column's text of a quantity: "12.500" → "12.5", "3.000" → "3" (what the form shows back). */
export function canonicalQuantity(text: string): string | null {
  const thousandths = quantityThousandths(text);
  if (thousandths === null) return null;
  const whole = thousandths / 1000n;
  const fraction = String(thousandths % 1000n)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "1,234.5" → 123450 cents; null when it is not a price. Never above JavaScript's safe integers. */
export function priceCents(text: string): number | null {
  const match = PRICE.exec(text.trim());
  if (!match) return null;
  const cents = BigInt(match[1].replaceAll(",", "")) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null;
}

/** Cents as the form writes them back: 123450 → "1234.50". */
export function centsText(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * unit price × quantity in cents, rounded half away from zero (prices are never negative here, so: half up).
 * null when the amount passes JavaScript's safe integers (the form says "Invalid number").
 */
export function itemAmountCents(unitPriceCents: number, quantity: string): number | null {
  const thousandths = quantityThousandths(quantity);
  if (thousandths === null || !Number.isSafeInteger(unitPriceCents)) return null;
  const product = BigInt(unitPriceCents) * thousandths;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 500n) / 1000n;
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(negative ? -rounded : rounded);
}

/** The docket's total: the exact sum of its items' cents, or null past safe integers. */
export function totalCents(amounts: readonly number[]): number | null {
  const sum = amounts.reduce((total, amount) => total + BigInt(amount), 0n);
  return sum <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(sum) : null;
}
