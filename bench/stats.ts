/** The value below which `p` percent of the samples fall (nearest rank); NaN without samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
