import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute, requireIntent } from "~/server/permissions/guard.server";
import { articleOf, articleView, helpFlags } from "../server/help-articles.server";
import { helpEditPath, helpScreenshotPath, helpSectionPath } from "../server/help-basics";
import { deleteArticle } from "../server/help-writing.server";
import { useHelpText } from "../ui/help-text";

export const handle = { i18n: ["help", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.article.title ?? "Help"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const article = await articleOf(context.em, params.section, params.articleId);
  return { article: await articleView(context.em, article, context.locale), ...helpFlags(context) };
}

/** The page's one post: deleting the article ("I am sure"), for holders of help.article.delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  // Who may delete is known before which article: someone without the permission learns nothing of it.
  const formData = await readForm(request);
  requireIntent(context, formData);
  const article = await articleOf(context.em, params.section, params.articleId);
  return deleteArticle(context, article, formData);
}

export default function HelpArticlePage() {
  const { article, canEdit, canDelete } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, locale, translate } = useHelpText();
  const deleteErrors = translate(
    lastResult?.error ? Object.values(lastResult.error).flatMap((errors) => errors ?? []) : null,
  );
  const paragraphs = article.body.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  return (
    <article className="max-w-3xl space-y-6">
      <p>
        <Link
          to={helpSectionPath(article.section)}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("help:article.back", { section: t(`help:sections.${article.section}`) })}
        </Link>
      </p>
      <header className="space-y-2">
        <h1
          className="break-words text-2xl font-semibold text-slate-900"
          lang={article.language === "vi" ? "vi" : "en"}
        >
          {article.title}
        </h1>
        {article.isFallback ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t("help:article.shownInEnglish")}
          </p>
        ) : null}
        <p className="text-xs text-slate-500">
          {article.updatedBy
            ? t("help:article.updated", {
                date: formatDate(article.updatedAt, locale),
                name: article.updatedBy,
              })
            : t("help:article.updatedNoName", { date: formatDate(article.updatedAt, locale) })}
        </p>
      </header>
      <div className="space-y-3 break-words text-slate-800" lang={article.language === "vi" ? "vi" : "en"}>
        {paragraphs.map((paragraph, index) => (
          // Paragraphs have no id of their own; their order is the text's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the text's paragraphs, in order
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
      {article.screenshots.length ? (
        <section className="space-y-3" aria-labelledby="help-screenshots">
          <h2 id="help-screenshots" className="text-lg font-semibold">
            {t("help:article.screenshots")}
          </h2>
          {article.screenshots.map((shot) => (
            <figure key={shot.id} className="space-y-1">
              <img
                src={helpScreenshotPath(article.section, article.id, shot.id)}
                alt={shot.fileName}
                loading="lazy"
                className="max-w-full rounded-md border border-slate-200"
              />
              <figcaption className="text-xs text-slate-500">{shot.fileName}</figcaption>
            </figure>
          ))}
        </section>
      ) : null}
      {canEdit || canDelete ? (
        <div className="flex flex-wrap items-start gap-4 border-t border-slate-200 pt-4">
          {canEdit ? (
            <Link to={helpEditPath(article.section, article.id)} className={buttonClass("secondary")}>
              {t("help:article.edit")}
            </Link>
          ) : null}
          {canDelete ? (
            <ConfirmInPlaceForm
              summary={t("help:article.delete")}
              summaryLook="button"
              intent="delete"
              warning={t("help:article.deleteWarning")}
              confirmLabel={t("help:article.confirm")}
              submitLabel={t("help:article.deleteSubmit")}
              errors={deleteErrors}
            />
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
