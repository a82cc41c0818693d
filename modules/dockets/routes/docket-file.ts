import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { docketFileStore } from "../server/docket-files.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return docketFileStore.download(await requireRoute(request), params.id, params.fileId);
}
