import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { docketPath } from "../server/docket-basics";
import { docketFileStore } from "../server/docket-files.server";

/** Upload target of a docket's attachments (the form is on its Attachments tab); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(docketPath(params.id ?? "", "attachments"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return docketFileStore.upload(await requireRoute(request), params.id, request);
}
