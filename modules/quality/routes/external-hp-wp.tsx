import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { externalRoute } from "~/server/permissions/guard.server";
import { decidePointThroughLink, loadHoldPointLinkPage } from "../server/hold-point-link-page.server";
import { type HoldPointLinkData, HoldPointLinkView, type PointRefusal } from "../ui/hold-point-link";

export const handle = { i18n: ["quality", "common", "uploads", "ui"] };

export const meta: MetaFunction = () => [
  { title: "Hold and witness points | SiteProof" },
  { name: "robots", content: "noindex" },
];

/** The client's page of a hold and witness point link: `:id` is the link's id, the token in `?token=`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  const url = new URL(request.url);
  return loadHoldPointLinkPage(
    context,
    url.searchParams.get("token") ?? "",
    { linkId: params.id },
    url.searchParams.get("decided"),
  );
}

/** A decision on one of the link's points (multipart: the evidence files come with it). */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return decidePointThroughLink(context, request, token, { linkId: params.id });
}

export default function ExternalHoldPointsPage() {
  const page = useLoaderData<typeof loader>() as HoldPointLinkData;
  const refused = (useActionData<typeof action>() ?? null) as PointRefusal | null;
  return <HoldPointLinkView page={page} refused={refused} />;
}
