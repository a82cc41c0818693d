export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/**
 * Spec 5: 8–20 characters with at least one uppercase, lowercase, number and special character. A special
 * character is punctuation or a symbol (Unicode P and S): a space, a tab or an accented letter is none.
 */
export const passwordRuleChecks = [
  { key: "length", test: (v: string) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX },
  { key: "uppercase", test: (v: string) => /[A-Z]/.test(v) },
  { key: "lowercase", test: (v: string) => /[a-z]/.test(v) },
  { key: "number", test: (v: string) => /[0-9]/.test(v) },
  { key: "special", test: (v: string) => /[\p{P}\p{S}]/u.test(v) },
] as const;

export type PasswordRule = (typeof passwordRuleChecks)[number]["key"];

export function failedPasswordRules(value: string): PasswordRule[] {
  return passwordRuleChecks.filter((rule) => !rule.test(value)).map((rule) => rule.key);
}
