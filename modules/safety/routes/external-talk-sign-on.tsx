import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { externalRoute } from "~/server/permissions/guard.server";
import { loadSignOnPage, signOnThroughLink } from "../server/talk-sign-on.server";
import { type SignOnPageData, TalkSignOnPage } from "../ui/talk-sign-on-page";

export const handle = { i18n: ["safety", "common", "ui"] };

export const meta: MetaFunction = () => [
  { title: "Sign on | SiteProof" },
  { name: "robots", content: "noindex" },
];

/** An attendee's sign-on page of a talk's QR link: `:id` is the link's id, the token in `?token=`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  const url = new URL(request.url);
  return loadSignOnPage(
    context,
    params.id,
    url.searchParams.get("token") ?? "",
    url.searchParams.get("signed"),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  return signOnThroughLink(context, request, params.id, new URL(request.url).searchParams.get("token") ?? "");
}

export default function ExternalTalkSignOn() {
  const page = useLoaderData<typeof loader>() as SignOnPageData;
  const result = (useActionData<typeof action>() ?? null) as
    | SubmissionResult<string[]>
    | { state: string }
    | null;
  // A link that closed while the form was open answers with its state: the loader's page says which.
  const lastResult =
    result && "state" in result && !("status" in result)
      ? null
      : (result as SubmissionResult<string[]> | null);
  const shown = result && "state" in result && !("status" in result) ? (result as SignOnPageData) : page;
  return <TalkSignOnPage page={shown} lastResult={lastResult} />;
}
