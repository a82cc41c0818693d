import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadDocumentFile } from "../server/plant-records.server";
import { plantById } from "../server/plants.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return downloadDocumentFile(context, await plantById(context, params.id), params.documentId, params.fileId);
}
