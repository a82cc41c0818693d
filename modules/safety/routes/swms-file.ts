import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { swmsFiles } from "../server/swms.server";

/** An uploaded SWMS (or an earlier revision of it), for anyone who may see the SWMS. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return swmsFiles.download(await requireRoute(request), params.id, params.fileId);
}
