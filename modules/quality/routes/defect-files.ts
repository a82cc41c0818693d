import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { uploadDefectFiles } from "../server/defect-files.server";
import { defectPath } from "../server/defect-rules";

/** Upload target of a defect's photos and documents (the form is on the defect page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(defectPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadDefectFiles(await requireRoute(request), params.id, request);
}
