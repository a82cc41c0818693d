import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { uploadSdsFiles } from "../server/sds.server";
import { sdsPath } from "../server/sds-basics";

/** Upload target of a sheet's files (the form is on its page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(sdsPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadSdsFiles(await requireRoute(request), params.id, request);
}
