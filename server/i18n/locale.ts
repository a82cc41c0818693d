export const locales = ["en", "vi", "au"] as const;
export type Locale = (typeof locales)[number];
export const fallbackLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** From an Accept-Language header: vi → vi, en-AU → au, anything else → en. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return fallbackLocale;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...rest] = part.trim().split(";");
      const q = rest.find((p) => p.trim().startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === "en-au") return "au";
    if (tag.startsWith("vi")) return "vi";
    if (tag.startsWith("en")) return "en";
  }
  return fallbackLocale;
}

/**
 * The language a page is shown in: the one the user picked in the profile menu; else au for an
 * Australian project ('AU'); else, for visitors, what the browser asks for; else en.
 */
export function resolveLocale(input: {
  user: { locale?: string | null } | null;
  project: { language: string } | null;
  acceptLanguage: string | null;
}): Locale {
  if (isLocale(input.user?.locale)) return input.user.locale;
  if (input.project?.language?.toUpperCase() === "AU") return "au";
  if (input.user) return input.project?.language?.toUpperCase() === "VI" ? "vi" : fallbackLocale;
  return localeFromAcceptLanguage(input.acceptLanguage);
}
