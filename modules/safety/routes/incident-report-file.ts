import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { incidentReport } from "../server/incident-report.server";
import { incidentById } from "../server/incidents.server";

/** The latest incident report, streamed from storage; 404 while none has been generated. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const incident = await incidentById(context, params.incidentId);
  return incidentReport.fileResponse(context.em, context.project.id, incident.id, `${incident.number}.pdf`);
}
