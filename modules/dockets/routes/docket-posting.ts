import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { postingAction } from "../server/docket-posting-actions.server";

/** "Post to ACC" of one docket: queues the posting job and goes back to the docket. Nothing posts in the request. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  await readForm(request);
  return postingAction(context, { docketId: params.id });
}
