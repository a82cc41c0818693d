import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadDiaryPhoto } from "../server/diary-photos.server";

/** One of the diary's photos or videos, opened in the browser. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadDiaryPhoto(await requireRoute(request), params.id, params.fileId);
}
