/**
 * The {placeholders} a reminder's e-mail template may use, and filling them. Pure: the settings page lists
 * them, the reminder job fills them. A placeholder the template names but we do not know stays as written, so
 * a typo shows in the e-mail rather than vanishing.
 */
export const EMAIL_PLACEHOLDERS = [
  "project",
  "number",
  "title",
  "occurrence",
  "leadDays",
  "documentTemplate",
  "startDate",
  "endDate",
] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

export function fillTemplate(text: string, values: Partial<Record<EmailPlaceholder, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name as EmailPlaceholder] ?? "") : whole,
  );
}
