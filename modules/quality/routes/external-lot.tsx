import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { externalRoute } from "~/server/permissions/guard.server";
import { decideLotThroughLink, loadExternalLotReview } from "../server/lot-review-link.server";
import { ExternalLotReview, type ExternalLotReviewData } from "../ui/external-lot-review";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction = () => [
  { title: "Lot review | SiteProof" },
  { name: "robots", content: "noindex" },
];

/** The client's review of a lot through the link QA mailed: `:id` is the lot's id, the token in `?token=`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  return loadExternalLotReview(context, params.id, new URL(request.url).searchParams.get("token") ?? "");
}

/** Approve or reject (with a reason): the lot table's client steps, through the link. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  const formData = await readForm(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return decideLotThroughLink(context, params.id, token, formData);
}

export default function ExternalLotPage() {
  const page = useLoaderData<typeof loader>() as ExternalLotReviewData;
  const actionData = useActionData<typeof action>() as
    | SubmissionResult<string[]>
    | { state: string }
    | undefined;
  const [search] = useSearchParams();
  // A closed link answers { state: "used" | … }; a refused form, the form's reply.
  const lastResult =
    actionData && typeof (actionData as { state?: unknown }).state !== "string"
      ? (actionData as SubmissionResult<string[]>)
      : null;
  return <ExternalLotReview page={page} thanks={search.get("thanks") === "1"} lastResult={lastResult} />;
}
