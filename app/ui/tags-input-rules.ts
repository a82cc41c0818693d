/** Spec 5: tags are separated by commas; an optional maximum (0 means unlimited); no duplicates. */
export const TAG_DELIMITER = ",";

export type TagRules = {
  /** 0 or absent: no limit. */
  max?: number;
  /** Emails and names compare without case by default: "A@x.com" and "a@x.com" are one person. */
  caseSensitive?: boolean;
};

export type AddTagsResult = {
  tags: string[];
  /** Refused because they were already there (or given twice). */
  duplicates: string[];
  /** Refused because the maximum was reached. */
  overflow: string[];
};

export function splitTags(text: string): string[] {
  return text
    .split(TAG_DELIMITER)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const keyOf = (tag: string, caseSensitive: boolean) => (caseSensitive ? tag : tag.toLowerCase());

export function addTags(
  current: readonly string[],
  incoming: readonly string[],
  rules: TagRules = {},
): AddTagsResult {
  const { max = 0, caseSensitive = false } = rules;
  const tags = [...current];
  const seen = new Set(tags.map((tag) => keyOf(tag, caseSensitive)));
  const duplicates: string[] = [];
  const overflow: string[] = [];
  for (const raw of incoming) {
    const tag = raw.trim();
    if (!tag) continue;
    const key = keyOf(tag, caseSensitive);
    if (seen.has(key)) duplicates.push(tag);
    else if (max > 0 && tags.length >= max) overflow.push(tag);
    else {
      tags.push(tag);
      seen.add(key);
    }
  }
  return { tags, duplicates, overflow };
}

/**
 * The tags a form posted. With JavaScript each tag is its own value; without it the user typed a
 * comma-separated list into the one box. Both shapes come out as one de-duplicated list; the maximum
 * is left to the form's schema so that going over it is reported, not silently cut.
 */
export function tagsFromForm(
  values: readonly FormDataEntryValue[],
  rules: Omit<TagRules, "max"> = {},
): string[] {
  const texts = values.filter((value): value is string => typeof value === "string");
  return addTags([], texts.flatMap(splitTags), rules).tags;
}
