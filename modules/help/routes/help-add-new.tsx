import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/app/ui/page-header";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { isHelpSection } from "../domain/help-sections";
import { requireHelpPermission } from "../server/help-articles.server";
import { HELP_PATH, helpSectionPath } from "../server/help-basics";
import { createArticle } from "../server/help-writing.server";
import { ArticleForm } from "../ui/article-form";
import { useHelpText } from "../ui/help-text";

export const handle = { i18n: ["help", "common", "ui", "uploads"] };

export const meta: MetaFunction = () => [{ title: "Add a help article | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  requireHelpPermission(context, "create");
  // Opened from a section's page, the form starts in that section.
  const section = new URL(request.url).searchParams.get("section");
  return { section: isHelpSection(section) ? section : null };
}

/** A multipart post (the fields and the screenshots): read by the core's parseUpload, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  return createArticle(context, request);
}

export default function AddHelpArticlePage() {
  const { section } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useHelpText();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader title={t("help:form.addTitle")} />
      <ArticleForm
        mode="create"
        lastResult={lastResult}
        defaultValue={section ? { section } : undefined}
        cancelTo={section ? helpSectionPath(section) : HELP_PATH}
      />
    </div>
  );
}
