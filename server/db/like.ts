/**
 * Text search with LIKE / ILIKE: the user's text is matched as typed, so its `%`, `_` and `\` are escaped
 * (PostgreSQL's default escape character is the backslash). Pure: usable wherever a query is written.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern matching the text anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
