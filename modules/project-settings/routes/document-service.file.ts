import type { LoaderFunctionArgs } from "@remix-run/node";
import { localDocumentDownload } from "~/server/documents/settings-page.server";
import { requireRoute } from "~/server/permissions/guard.server";

/** A document the local document service keeps: any member of its project may open it (it is their DMS). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { project } = await requireRoute(request);
  return localDocumentDownload(project.id, params.id);
}
