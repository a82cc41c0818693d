import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { containsPattern } from "~/server/db/like";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { UserContext } from "~/server/permissions/guard.server";
import { fileDownload } from "~/server/uploads/attachments.server";
import {
  discardUploads,
  isUploadError,
  parseUpload,
  type StoredUpload,
  UploadTooLarge,
  UploadTooManyFiles,
  UploadTypeNotAllowed,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import { type ArticleLanguage, articleInLanguage } from "../domain/help-language";
import { type HelpSection, isHelpSection } from "../domain/help-sections";
import { HelpArticle, HelpScreenshot, type IHelpArticle } from "../entities";
import {
  type ArticleFormValues,
  articleFormSchema,
  deleteArticleSchema,
  HELP_ARTICLE_ENTITY_TYPE,
  HELP_LIMITS,
  HELP_PAGE_SIZE,
  HELP_PERMISSIONS,
  helpArticlePath,
  helpSectionPath,
  SCREENSHOT_EXTENSIONS,
} from "./help-rules";

/** The help panel's articles: reading and searching them (everyone), writing them (administrators). */

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

/** The message of a refused screenshot: the help's own (images, 10 MB), not the general upload one. */
function screenshotRefusal(error: unknown): string {
  if (error instanceof UploadTooLarge)
    return message("help:errors.screenshotTooLarge", { fileName: error.fileName, size: 10 });
  if (error instanceof UploadTypeNotAllowed)
    return message("help:errors.screenshotType", { fileName: error.fileName });
  if (error instanceof UploadTooManyFiles)
    return message("help:errors.tooManyScreenshots", { count: error.maxFiles });
  return uploadErrorMessage(error as never);
}

/**
 * The article form with its screenshots (one multipart post): the images stream to storage first (type and
 * size checked while they stream), then the fields are checked; a refused post keeps no file.
 */
async function readArticlePost(request: Request) {
  let fields: FormData;
  let uploads: StoredUpload[];
  try {
    ({ fields, files: uploads } = await parseUpload(request, {
      maxBytes: HELP_LIMITS.screenshotBytes,
      allowedExtensions: SCREENSHOT_EXTENSIONS,
      maxFiles: HELP_LIMITS.screenshotsPerPost,
    }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return {
      reply: data({ status: "error", error: { screenshots: [screenshotRefusal(error)] } }, { status: 400 }),
    } as const;
  }
  const submission = parseWithZod(fields, { schema: articleFormSchema });
  if (submission.status !== "success") {
    await discardUploads(uploads);
    return { reply: data(submission.reply(), { status: 400 }) } as const;
  }
  return { values: submission.value, fields, uploads } as const;
}

function addScreenshots(tx: EntityManager, articleId: string, uploads: StoredUpload[], userId: string) {
  for (const upload of uploads)
    tx.create(HelpScreenshot, {
      article: articleId,
      fileName: upload.fileName,
      contentType: upload.contentType,
      size: upload.size,
      storageKey: upload.key,
      uploadedBy: userId,
    } as never);
}

/** Removes stored files after their rows went; a file left behind is only space, so a failure is logged. */
async function deleteStored(keys: string[]) {
  for (const key of keys)
    await fileStorage()
      .delete(key)
      .catch((error: unknown) => logError(error));
}

const textsOf = (values: ArticleFormValues) => ({
  section: values.section,
  position: values.position,
  titleEn: values.titleEn,
  bodyEn: values.bodyEn,
  titleVi: values.titleVi,
  bodyVi: values.bodyVi,
  titleAu: values.titleAu,
  bodyAu: values.bodyAu,
});

/** A new article with its screenshots, in one transaction with its "created" entry. */
export async function createArticle(context: UserContext, request: Request) {
  requireHelpPermission(context, "create");
  const parsed = await readArticlePost(request);
  if ("reply" in parsed) return parsed.reply;
  const { values, uploads } = parsed;
  let article: IHelpArticle;
  try {
    article = await context.em.transactional(async (tx) => {
      const created = tx.create(HelpArticle, {
        ...textsOf(values),
        createdBy: context.user.id,
        updatedBy: context.user.id,
      } as never) as IHelpArticle;
      addScreenshots(tx, created.id, uploads, context.user.id);
      recordActivity(tx, {
        projectId: null,
        actorId: context.user.id,
        entityType: HELP_ARTICLE_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: {
          section: values.section,
          title: values.titleEn,
          screenshots: uploads.map((upload) => upload.fileName),
        },
      });
      return created;
    });
  } catch (error) {
    await discardUploads(uploads);
    throw error;
  }
  return redirectWithToast(helpArticlePath(article.section, article.id), {
    type: "success",
    message: "help:toast.created",
    params: { title: values.titleEn },
  });
}

/**
 * The article's new texts, section and order, its new screenshots and the ones ticked for removal, in one
 * transaction with an "updated" entry of what changed; the removed files go after the commit.
 */
export async function editArticle(context: UserContext, article: IHelpArticle, request: Request) {
  requireHelpPermission(context, "edit");
  const parsed = await readArticlePost(request);
  if ("reply" in parsed) return parsed.reply;
  const { values, fields, uploads } = parsed;
  const removeIds = fields.getAll("removeScreenshot").filter(isUuid);
  const before = textsOf({
    section: article.section,
    position: article.position,
    titleEn: article.titleEn,
    bodyEn: article.bodyEn,
    titleVi: article.titleVi ?? null,
    bodyVi: article.bodyVi ?? null,
    titleAu: article.titleAu ?? null,
    bodyAu: article.bodyAu ?? null,
  });
  const after = textsOf(values);
  let removedKeys: string[] = [];
  try {
    await context.em.transactional(async (tx) => {
      const removed = removeIds.length
        ? await tx.find(HelpScreenshot, { article: article.id, id: { $in: removeIds } })
        : [];
      removedKeys = removed.map((shot) => shot.storageKey);
      for (const shot of removed) tx.remove(shot);
      const row = await tx.findOneOrFail(HelpArticle, { id: article.id });
      tx.assign(row, { ...after, updatedBy: context.user.id } as never);
      addScreenshots(tx, article.id, uploads, context.user.id);
      const changed = changedFields(before, after);
      recordActivity(tx, {
        projectId: null,
        actorId: context.user.id,
        entityType: HELP_ARTICLE_ENTITY_TYPE,
        entityId: article.id,
        action: "updated",
        before: {
          ...changed.before,
          ...(removed.length ? { screenshots: removed.map((s) => s.fileName) } : {}),
        },
        after: {
          ...changed.after,
          ...(uploads.length ? { screenshots: uploads.map((u) => u.fileName) } : {}),
        },
      });
    });
  } catch (error) {
    await discardUploads(uploads);
    throw error;
  }
  await deleteStored(removedKeys);
  return redirectWithToast(helpArticlePath(values.section, article.id), {
    type: "success",
    message: "help:toast.updated",
    params: { title: values.titleEn },
  });
}

/** Deletes the article ("I am sure") with its screenshots, with a "deleted" entry; the files go after the commit. */
export async function deleteArticle(context: UserContext, article: IHelpArticle, formData: FormData) {
  requireHelpPermission(context, "delete");
  const submission = parseWithZod(formData, { schema: deleteArticleSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const screenshots = await context.em.find(HelpScreenshot, { article: article.id });
  await context.em.transactional(async (tx) => {
    tx.remove(tx.getReference(HelpArticle, article.id));
    recordActivity(tx, {
      projectId: null,
      actorId: context.user.id,
      entityType: HELP_ARTICLE_ENTITY_TYPE,
      entityId: article.id,
      action: "deleted",
      before: {
        section: article.section,
        title: article.titleEn,
        screenshots: screenshots.map((shot) => shot.fileName),
      },
    });
  });
  await deleteStored(screenshots.map((shot) => shot.storageKey));
  return redirectWithToast(helpSectionPath(article.section), {
    type: "success",
    message: "help:toast.deleted",
    params: { title: article.titleEn },
  });
}

/** A screenshot of the article, shown in the page (inline); 404 when it is not the article's or its file is gone. */
export async function screenshotDownload(em: EntityManager, article: IHelpArticle, screenshotId: unknown) {
  const shot = isUuid(screenshotId)
    ? await em.findOne(HelpScreenshot, { id: screenshotId, article: article.id })
    : null;
  if (!shot) throw new Response("Not Found", { status: 404 });
  const stored = await fileStorage().get(shot.storageKey);
  if (!stored) throw new Response("Not Found", { status: 404 });
  return fileDownload(stored, shot, "inline");
}
