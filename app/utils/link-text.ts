export type LinkTextSegment = { type: "text"; text: string } | { type: "link"; text: string; href: string };

// Spec 5: '<text>(url)'. The url must start with http:// or https://, so `javascript:` and other schemes
// stay plain text and can never become a clickable link.
const LINK_PATTERN = /<([^<>]+)>\((https?:\/\/[^\s()]+)\)/gi;

/** Splits free text into plain runs and '<text>(url)' links. */
export function parseLinkText(input: string | null | undefined): LinkTextSegment[] {
  const text = input ?? "";
  const segments: LinkTextSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const start = match.index ?? 0;
    if (start > cursor) segments.push({ type: "text", text: text.slice(cursor, start) });
    segments.push({ type: "link", text: match[1], href: match[2] });
    cursor = start + match[0].length;
  }
  if (cursor < text.length) segments.push({ type: "text", text: text.slice(cursor) });
  return segments;
}
