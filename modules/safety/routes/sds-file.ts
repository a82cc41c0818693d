import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadSdsFile } from "../server/sds.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadSdsFile(await requireRoute(request), params.id, params.fileId);
}
