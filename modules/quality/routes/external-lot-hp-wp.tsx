import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { externalRoute } from "~/server/permissions/guard.server";
import { decidePointThroughLink, loadHoldPointLinkPage } from "../server/hold-point-link-page.server";
import { type HoldPointLinkData, HoldPointLinkView, type PointRefusal } from "../ui/hold-point-link";

export const handle = { i18n: ["quality", "common", "uploads", "ui"] };

export const meta: MetaFunction = () => [
  { title: "Hold and witness point | SiteProof" },
  { name: "robots", content: "noindex" },
];

/** One point of a link: `:lotId` the lot, `:hpwpId` the ITP item of the point; the link must cover it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  const url = new URL(request.url);
  return loadHoldPointLinkPage(
    context,
    url.searchParams.get("token") ?? "",
    { lotId: params.lotId, itemId: params.hpwpId },
    url.searchParams.get("decided"),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return decidePointThroughLink(context, request, token, { lotId: params.lotId, itemId: params.hpwpId });
}

export default function ExternalHoldPointPage() {
  const page = useLoaderData<typeof loader>() as HoldPointLinkData;
  const refused = (useActionData<typeof action>() ?? null) as PointRefusal | null;
  return <HoldPointLinkView page={page} refused={refused} />;
}
