/**
 * A progress claim's figures, in integer cents (decision 044). Pure.
 *
 * - scheduled value: the value of the work the claim covers (its lines' scheduled values);
 * - work completed: the value of the work done to date (its lines', to date, not this period's alone);
 * - retention: the client's retention on the work completed (basis points, rounded half up to the cent);
 * - grand total: work completed less retention — what the contractor has earned to date;
 * - current payment due: the grand total less what the earlier claims already account for (each earlier claim,
 *   not voided or rejected, counts its certified amount — the client's payment schedule — when recorded, its
 *   own current payment due otherwise);
 * - balance: the contract sum less the work completed (the work still to be done).
 */
import type { ContractStatus } from "./vocabularies";

export type ClaimLine = { scheduledValueCents: number; workCompletedCents: number };

export type ClaimTotals = {
  scheduledValueCents: number;
  workCompletedCents: number;
  retentionCents: number;
  grandTotalCents: number;
  previousCents: number;
  currentPaymentDueCents: number;
  balanceCents: number;
};

function sumCents(values: readonly number[]): number {
  let total = 0n;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
    total += BigInt(value);
  }
  if (total > BigInt(Number.MAX_SAFE_INTEGER) || total < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError("Amount too large");
  return Number(total);
}

/** cents × basisPoints / 10 000, rounded half up, on integers. */
export function retentionOf(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || !Number.isInteger(basisPoints) || basisPoints < 0)
    throw new RangeError("retention needs whole cents and basis points");
  const product = BigInt(cents) * BigInt(basisPoints);
  const whole = product / 10_000n;
  const rest = product % 10_000n;
  return Number(rest * 2n >= 10_000n ? whole + 1n : whole);
}

type EarlierClaim = {
  status: ContractStatus;
  currentPaymentDueCents: number;
  scheduledAmountCents: number | null;
};

/** What the earlier claims account for: each live one's certified amount, or its claimed amount. */
export function previousClaimsCents(earlier: readonly EarlierClaim[]): number {
  return sumCents(
    earlier
      .filter((claim) => claim.status !== "void" && claim.status !== "reject")
      .map((claim) => claim.scheduledAmountCents ?? claim.currentPaymentDueCents),
  );
}

export function claimTotals(input: {
  contractSumCents: number;
  retentionBasisPoints: number;
  lines: readonly ClaimLine[];
  previousCents: number;
}): ClaimTotals {
  const scheduledValueCents = sumCents(input.lines.map((line) => line.scheduledValueCents));
  const workCompletedCents = sumCents(input.lines.map((line) => line.workCompletedCents));
  const retentionCents = retentionOf(workCompletedCents, input.retentionBasisPoints);
  const grandTotalCents = workCompletedCents - retentionCents;
  return {
    scheduledValueCents,
    workCompletedCents,
    retentionCents,
    grandTotalCents,
    previousCents: input.previousCents,
    currentPaymentDueCents: grandTotalCents - input.previousCents,
    balanceCents: input.contractSumCents - workCompletedCents,
  };
}
