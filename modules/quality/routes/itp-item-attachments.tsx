import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { uploadItemAttachments } from "../server/itp-attachments.server";
import { itpPath } from "../server/itp-rules";

/** Upload target of an item's attachments (the form is on the ITP page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(itpPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadItemAttachments(await requireRoute(request), params.id, params.itemId, request);
}
