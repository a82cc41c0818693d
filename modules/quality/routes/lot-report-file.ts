import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadLotFrame } from "../server/lot-frame.server";
import { lotReport } from "../server/lot-report.server";

/** The latest completed lot report, streamed from storage; 404 while none has been generated. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const lot = await loadLotFrame(context, params.id);
  return lotReport.fileResponse(context.em, context.project.id, lot.id, `${lot.number}-dossier.pdf`);
}
