import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { schedulePath } from "../server/audit-basics";
import { uploadSignedReport } from "../server/audit-reports.server";
import { scheduleById } from "../server/audits.server";

/** Upload target of a schedule's signed report (the form is on its Review/Report tab); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(schedulePath(params.id ?? "", "report"));
}

/** A multipart post (50 MB a file): read by the core's upload service, not readForm. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return uploadSignedReport(context, await scheduleById(context, params.id), request);
}
