import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadPhoto } from "../server/observation-photos.server";
import { observationById } from "../server/observations.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return downloadPhoto(context, await observationById(context, params.id), params.fileId);
}
