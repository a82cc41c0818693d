import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { ncrFileStore } from "../server/ncr-files.server";
import { ncrPath } from "../server/ncr-rules";

/** Upload target of an NCR's photos and documents (the form is on the NCR page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(ncrPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return ncrFileStore.upload(await requireRoute(request), params.id, request);
}
