import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadIncidentFile } from "../server/incident-files.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadIncidentFile(await requireRoute(request), params.incidentId, params.fileId);
}
