import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/app/ui/page-header";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { articleFormValues, articleOf, requireHelpPermission } from "../server/help-articles.server";
import { helpArticlePath } from "../server/help-basics";
import { editArticle } from "../server/help-writing.server";
import { ArticleForm } from "../ui/article-form";
import { useHelpText } from "../ui/help-text";

export const handle = { i18n: ["help", "common", "ui", "uploads"] };

export const meta: MetaFunction = () => [{ title: "Edit a help article | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  requireHelpPermission(context, "edit");
  const article = await articleOf(context.em, params.section, params.articleId);
  return { id: article.id, section: article.section, ...(await articleFormValues(context.em, article)) };
}

/** A multipart post (the fields, new screenshots and those to remove): read by the core's parseUpload. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  requireHelpPermission(context, "edit");
  const article = await articleOf(context.em, params.section, params.articleId);
  return editArticle(context, article, request);
}

export default function EditHelpArticlePage() {
  const { id, section, values, screenshots } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useHelpText();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={t("help:form.editTitle", { title: values.titleEn })} />
      <ArticleForm
        mode="edit"
        lastResult={lastResult}
        defaultValue={values}
        screenshots={screenshots}
        cancelTo={helpArticlePath(section, id)}
      />
    </div>
  );
}
