import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadDefectFile } from "../server/defect-files.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadDefectFile(await requireRoute(request), params.id, params.fileId);
}
