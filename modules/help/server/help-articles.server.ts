import type { EntityManager } from "@mikro-orm/postgresql";
import { containsPattern } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import type { UserContext } from "~/server/permissions/guard.server";
import { type ArticleLanguage, articleInLanguage } from "../domain/help-language";
import { type HelpSection, isHelpSection } from "../domain/help-sections";
import { HelpArticle, HelpScreenshot, type IHelpArticle } from "../entities";
import { HELP_LIMITS, HELP_PAGE_SIZE, HELP_PERMISSIONS } from "./help-basics";

/** The help panel's articles as readers see them: read, searched, in their language; who may write them. */

/** What this user may do with articles (the pages' buttons; the actions check again). */
export const helpFlags = (context: UserContext) => ({
  canCreate: context.canGlobal(HELP_PERMISSIONS.create),
  canEdit: context.canGlobal(HELP_PERMISSIONS.edit),
  canDelete: context.canGlobal(HELP_PERMISSIONS.delete),
});

/** Refuses (403) someone whose global role does not grant this; the loader and the action both ask. */
export function requireHelpPermission(context: UserContext, key: keyof typeof HELP_PERMISSIONS) {
  if (!context.canGlobal(HELP_PERMISSIONS[key])) throw new Response("Forbidden", { status: 403 });
}

/** The section of a URL, or a 404. */
export function sectionOf(value: string | undefined): HelpSection {
  if (!isHelpSection(value)) throw new Response("Not Found", { status: 404 });
  return value;
}

/** The article of a URL in its section, or a 404. */
export async function articleOf(
  em: EntityManager,
  section: string | undefined,
  articleId: string | undefined,
): Promise<IHelpArticle> {
  const article =
    isHelpSection(section) && isUuid(articleId)
      ? await em.findOne(HelpArticle, { id: articleId, section })
      : null;
  if (!article) throw new Response("Not Found", { status: 404 });
  return article;
}

export type ArticleSummary = {
  id: string;
  section: HelpSection;
  title: string;
  excerpt: string;
  isFallback: boolean;
};

const EXCERPT = 220;
const excerptOf = (body: string) => {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat;
};

/** The shown title and body of an article in SQL: the reader's language when it has one, else English. */
function shownColumns(language: ArticleLanguage) {
  if (language === "en") return { title: "a.title_en", body: "a.body_en" };
  const own = language === "vi" ? "vi" : "au";
  const has = `(a.title_${own} is not null and a.body_${own} is not null)`;
  return {
    title: `case when ${has} then a.title_${own} else a.title_en end`,
    body: `case when ${has} then a.body_${own} else a.body_en end`,
  };
}

/**
 * A section's articles (or every section's, for the index's search) in the reader's language, in order; with
 * a query, those whose shown title or text holds it (ILIKE, as typed). Ten a page.
 */
export async function searchArticles(
  em: EntityManager,
  input: { section: HelpSection | null; q: string; page: number; language: ArticleLanguage },
): Promise<{ total: number; page: number; pageSize: number; articles: ArticleSummary[] }> {
  const shown = shownColumns(input.language);
  const where: string[] = [];
  const params: unknown[] = [];
  if (input.section) {
    where.push("a.section = ?");
    params.push(input.section);
  }
  if (input.q) {
    where.push(`((${shown.title}) || ' ' || (${shown.body})) ilike ?`);
    params.push(containsPattern(input.q));
  }
  const clause = where.length ? `where ${where.join(" and ")}` : "";
  const [{ total }] = await em.execute<{ total: string }[]>(
    `select count(*) as total from help_article a ${clause}`,
    params,
  );
  const count = Number(total);
  const lastPage = Math.max(1, Math.ceil(count / HELP_PAGE_SIZE));
  const page = Math.min(input.page, lastPage);
  const rows = await em.execute<
    {
      id: string;
      section: HelpSection;
      title_en: string;
      body_en: string;
      title_vi: string | null;
      body_vi: string | null;
      title_au: string | null;
      body_au: string | null;
    }[]
  >(
    `select a.id, a.section, a.title_en, a.body_en, a.title_vi, a.body_vi, a.title_au, a.body_au
     from help_article a ${clause}
     order by a.section, a.position, ${shown.title}, a.id
     limit ? offset ?`,
    [...params, HELP_PAGE_SIZE, (page - 1) * HELP_PAGE_SIZE],
  );
  return {
    total: count,
    page,
    pageSize: HELP_PAGE_SIZE,
    articles: rows.map((row) => {
      const text = articleInLanguage(
        {
          titleEn: row.title_en,
          bodyEn: row.body_en,
          titleVi: row.title_vi,
          bodyVi: row.body_vi,
          titleAu: row.title_au,
          bodyAu: row.body_au,
        },
        input.language,
      );
      return {
        id: row.id,
        section: row.section,
        title: text.title,
        excerpt: excerptOf(text.body),
        isFallback: text.isFallback,
      };
    }),
  };
}

/** How many articles each section has (the index's links). */
export async function sectionCounts(em: EntityManager): Promise<Partial<Record<HelpSection, number>>> {
  const rows = await em.execute<{ section: HelpSection; total: string }[]>(
    "select section, count(*) as total from help_article group by section",
  );
  return Object.fromEntries(rows.map((row) => [row.section, Number(row.total)]));
}

/** An article as its page shows it: in the reader's language, with its screenshots and who wrote it when. */
export async function articleView(em: EntityManager, article: IHelpArticle, language: ArticleLanguage) {
  await em.populate(article, ["createdBy", "updatedBy"]);
  const screenshots = await em.find(
    HelpScreenshot,
    { article: article.id },
    { orderBy: { createdAt: "asc", fileName: "asc", id: "asc" } },
  );
  return {
    id: article.id,
    section: article.section,
    ...articleInLanguage(article, language),
    updatedAt: article.updatedAt.toISOString(),
    updatedBy: article.updatedBy?.name ?? article.createdBy?.name ?? null,
    screenshots: screenshots.map((shot) => ({ id: shot.id, fileName: shot.fileName })),
  };
}

/** The article's fields as its edit form shows them, with its screenshots (to keep or remove). */
export async function articleFormValues(em: EntityManager, article: IHelpArticle) {
  const screenshots = await em.find(
    HelpScreenshot,
    { article: article.id },
    { orderBy: { createdAt: "asc" } },
  );
  return {
    values: {
      section: article.section,
      position: String(article.position),
      titleEn: article.titleEn,
      bodyEn: article.bodyEn,
      titleVi: article.titleVi ?? "",
      bodyVi: article.bodyVi ?? "",
      titleAu: article.titleAu ?? "",
      bodyAu: article.bodyAu ?? "",
    },
    screenshots: screenshots.map((shot) => ({ id: shot.id, fileName: shot.fileName })),
  };
}

/** A search as typed (trimmed, at most 100 characters) and the page asked for. */
export function readHelpQuery(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, HELP_LIMITS.query),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10000) : 1,
  };
}
