import { Link } from "@remix-run/react";
import type { HelpSection } from "../domain/help-sections";
import { helpArticlePath } from "../server/help-basics";
import { useHelpText } from "./help-text";

export type ArticleListItem = {
  id: string;
  section: HelpSection;
  title: string;
  excerpt: string;
  isFallback: boolean;
};

/** Articles as links with their first lines; the section's name too when they come from several sections. */
export function ArticleList({
  articles,
  showSection,
}: {
  articles: ArticleListItem[];
  showSection?: boolean;
}) {
  const { t } = useHelpText();
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {articles.map((article) => (
        <li key={article.id} className="p-4">
          <Link to={helpArticlePath(article.section, article.id)} className="record-link font-medium">
            {article.title}
          </Link>
          <p className="mt-1 text-xs text-slate-500">
            {showSection ? t(`help:sections.${article.section}`) : null}
            {showSection && article.isFallback ? " · " : null}
            {article.isFallback ? t("help:article.inEnglish") : null}
          </p>
          <p className="mt-1 break-words text-sm text-slate-600">{article.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}
