import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadTalkPhoto } from "../server/talk-photos.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadTalkPhoto(await requireRoute(request), params.id, params.fileId);
}
