import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { postingAction } from "../server/docket-posting-actions.server";

/** "Post all approved": one posting job for every approved docket not already waiting. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  await readForm(request);
  return postingAction(context, { all: true });
}
