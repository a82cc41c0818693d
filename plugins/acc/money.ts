/**
 * Money between SiteProof and ACC without floating point: SiteProof counts integer cents, ACC's Cost
 * Management API writes decimal strings ("1000.0000"). Both directions work on the digits.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** 1234 → "12.34", -5 → "-0.05". Refuses what is not a whole number of cents within JavaScript's safe integers. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * ACC's amount ("1000.0000", "12.345", or a JSON number such as 12.5) in cents, rounded half away from
 * zero past the second decimal (ACC keeps four for unit prices). null for an empty value.
 */
export function decimalToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  // A JSON number prints as the shortest decimal that reads back to it: the digits ACC sent.
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ""] = match;
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  if (fraction.length > 2 && fraction[2] >= "5") cents += 1n;
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount too large: ${text}`);
  const result = Number(cents);
  return sign === "-" && result !== 0 ? -result : result;
}

/**
 * A quantity as a decimal string ("2", "0.125"), checked and turned into the JSON number ACC's
 * `quantity` takes — refused when a number cannot carry its digits exactly.
 */
export function quantityNumber(quantity: string): number {
  const match = DECIMAL.exec(quantity.trim());
  if (!match) throw new RangeError(`Not a decimal quantity: ${JSON.stringify(quantity)}`);
  const [, sign, whole, fraction = ""] = match;
  const canonical = `${sign}${whole.replace(/^0+(?=\d)/, "")}${fraction.replace(/0+$/, "") ? `.${fraction.replace(/0+$/, "")}` : ""}`;
  const number = Number(canonical);
  if (String(number) !== canonical.replace(/^-0$/, "0"))
    throw new RangeError(`The quantity ${quantity} has more digits than ACC can keep exactly`);
  return number;
}
