import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadReport } from "../server/audit-reports.server";
import { scheduleById } from "../server/audits.server";

/** A schedule's report file or signed report. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return downloadReport(context, await scheduleById(context, params.id), params.fileId);
}
