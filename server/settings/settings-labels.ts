const ACRONYMS = new Set(["url", "id", "acc", "erp", "abn", "sms", "pdf", "itp", "ncr", "qa", "utc"]);

/**
 * A readable label from a field or option name ("documentServiceUrl" → "Document service URL"), for
 * a settings field whose module has no translation for it yet.
 */
export function labelFromName(name: string): string {
  // A name with a slash is a name already (an IANA time zone, "Australia/Sydney"): shown as it is.
  if (name.includes("/")) return name;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  if (words.length === 0) return name;
  const [first, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(" ");
}
