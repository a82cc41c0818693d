import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { ncrFileStore } from "../server/ncr-files.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return ncrFileStore.download(await requireRoute(request), params.id, params.fileId);
}
