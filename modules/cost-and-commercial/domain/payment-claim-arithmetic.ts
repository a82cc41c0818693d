/**
 * A subcontractor's payment claim in integer cents (README "Downstream and indirect"): what it claims and the
 * retention held from it. Pure, no floating point: sums are exact on safe integers, the one division (a
 * percentage) is done on BigInt and rounded half away from zero.
 */

export type ClaimParts = {
  docketsCents: number;
  otherWorkCents: number;
  variationsCents: number;
  backChargesCents: number;
};

/** The sum of integer cents; refuses a value or a total past JavaScript's safe integers rather than drift. */
export function sumCents(values: readonly number[]): number {
  let total = 0n;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
    total += BigInt(value);
  }
  if (total > BigInt(Number.MAX_SAFE_INTEGER) || total < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError("Total out of range");
  return Number(total);
}

/** claimed = dockets + other work + variations − back charges. */
export const claimedCents = (parts: ClaimParts) =>
  sumCents([parts.docketsCents, parts.otherWorkCents, parts.variationsCents, -parts.backChargesCents]);

/** value × numerator / denominator, rounded half away from zero (1.5 → 2, −1.5 → −2). */
export function divideHalfAwayFromZero(value: bigint, denominator: bigint): bigint {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/**
 * Retention held from a claim: claimed × basis points / 10 000, rounded half away from zero, never below zero,
 * and no more than what the cap leaves after the retention earlier claims of the subcontract already hold.
 */
export function retentionCents(input: {
  claimedCents: number;
  basisPoints: number;
  capCents: number | null;
  heldBeforeCents: number;
}): number {
  if (input.claimedCents <= 0 || input.basisPoints <= 0) return 0;
  const share = Number(
    divideHalfAwayFromZero(BigInt(input.claimedCents) * BigInt(input.basisPoints), 10_000n),
  );
  if (input.capCents === null) return share;
  return Math.max(0, Math.min(share, input.capCents - input.heldBeforeCents));
}

/** "5.25" (a percentage as typed) → 525 basis points; null when it is not a percentage 0–100 with ≤ 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= 10_000 ? points : null;
}

/** 525 → "5.25". */
export const basisPointsToPercent = (points: number) =>
  `${Math.trunc(points / 100)}.${String(points % 100).padStart(2, "0")}`;
