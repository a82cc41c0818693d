export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * Spec 5: a select item's value must not be empty; Radix reserves "" for "nothing selected" (the
 * placeholder) and throws at render time. Failing here names the offending option instead.
 */
export function assertSelectOptions(options: readonly SelectOption[]): void {
  const empty = options.find((option) => option.value === "");
  if (empty)
    throw new Error(`Select option "${empty.label}" has an empty value; use the placeholder instead.`);
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option.value)) throw new Error(`Select option value "${option.value}" appears twice.`);
    seen.add(option.value);
  }
}
