import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
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
import { HelpArticle, HelpScreenshot, type IHelpArticle } from "../entities";
import { requireHelpPermission } from "./help-articles.server";
import {
  type ArticleFormValues,
  articleFormSchema,
  deleteArticleSchema,
  HELP_ARTICLE_ENTITY_TYPE,
  HELP_LIMITS,
  helpArticlePath,
  helpSectionPath,
  SCREENSHOT_EXTENSIONS,
} from "./help-rules";

/**
 * Writing the help (administrators): an article with its screenshots added, edited, deleted, each in one
 * transaction with its activity entry; screenshots streamed to the core storage and served from it.
 */

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
