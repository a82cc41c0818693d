/**
 * An article is written in English and may also be in Vietnamese and Australian English. A reader sees it in
 * their language when it has one (a title and a body), else in English.
 */
export const ARTICLE_LANGUAGES = ["en", "vi", "au"] as const;
export type ArticleLanguage = (typeof ARTICLE_LANGUAGES)[number];

export type ArticleTexts = {
  titleEn: string;
  bodyEn: string;
  titleVi?: string | null;
  bodyVi?: string | null;
  titleAu?: string | null;
  bodyAu?: string | null;
};

export type ShownText = { title: string; body: string; language: ArticleLanguage; isFallback: boolean };

/**
 * The article's text in the reader's language, or in English when it has none in it (isFallback: the page
 * says "shown in English" to a Vietnamese reader).
 */
export function articleInLanguage(article: ArticleTexts, reader: ArticleLanguage): ShownText {
  const own =
    reader === "vi"
      ? { title: article.titleVi, body: article.bodyVi }
      : reader === "au"
        ? { title: article.titleAu, body: article.bodyAu }
        : null;
  if (own?.title && own.body)
    return { title: own.title, body: own.body, language: reader, isFallback: false };
  // Australian English falls back silently, as the product's au texts do: only a Vietnamese reader is told.
  return { title: article.titleEn, body: article.bodyEn, language: "en", isFallback: reader === "vi" };
}
