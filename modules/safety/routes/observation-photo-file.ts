import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadPhoto } from "../server/observation-photos.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadPhoto(await requireRoute(request), params.id, params.fileId);
}
