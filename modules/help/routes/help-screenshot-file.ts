import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { articleOf } from "../server/help-articles.server";
import { screenshotDownload } from "../server/help-writing.server";

/** A screenshot of an article, for any signed-in user (the guard sends anyone else to sign in). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const article = await articleOf(context.em, params.section, params.articleId);
  return screenshotDownload(context.em, article, params.screenshotId);
}
