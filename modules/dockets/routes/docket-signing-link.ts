import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { createSigningLink, revokeSigningLink } from "../server/docket-signing.server";

/** Makes (intent create) or ends (intent revoke) a docket's signing link, then goes back to the docket. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  if (intent === "revoke") return revokeSigningLink(context, params.id, formData.get("linkId"));
  return createSigningLink(context, params.id);
}
