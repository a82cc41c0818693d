/** A `date` column's day (YYYY-MM-DD), whether the driver handed over a string or a Date. */
export function dayOfDateColumn(value: unknown): string | null {
  if (!value) return null;
  if (value instanceof Date) {
    // node-postgres reads a `date` as local midnight: its calendar day is the local one, not the UTC one.
    const month = String(value.getMonth() + 1).padStart(2, "0");
    const day = String(value.getDate()).padStart(2, "0");
    return `${value.getFullYear()}-${month}-${day}`;
  }
  return String(value).slice(0, 10);
}
