import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportJobPage, reportPageMeta } from "~/app/ui/report-job-page";
import { requireRoute } from "~/server/permissions/guard.server";
import { incidentReportPath, incidentViewPath } from "../server/incident-basics";
import { incidentReport } from "../server/incident-report.server";
import { incidentById } from "../server/incidents.server";
import { useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "common", "jobs"] };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  reportPageMeta(`${data?.incident.number ?? "Incident"} report`, data?.report.state);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const incident = await incidentById(context, params.incidentId);
  return {
    incident: { id: incident.id, number: incident.number, title: incident.title },
    report: await incidentReport.status(context.em, context.project.id, incident.id),
  };
}

/** Generate / Regenerate / Try again: asks for a new run unless one is already on its way. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const incident = await incidentById(context, params.incidentId);
  await incidentReport.request(context.em, {
    projectId: context.project.id,
    recordId: incident.id,
    userId: context.user.id,
    locale: context.locale,
  });
  return new Response(null, { status: 303, headers: { Location: incidentReportPath(incident.id) } });
}

export default function IncidentReportPage() {
  const { incident, report } = useLoaderData<typeof loader>();
  const { t } = useIncidentText();
  return (
    <ReportJobPage
      back={{ to: incidentViewPath(incident.id), label: t("safety:incident.report.back") }}
      record={`${incident.number} ${incident.title}`}
      title={t("safety:incident.report.title")}
      intro={t("safety:incident.report.intro")}
      report={report}
      fileHref={`${incidentReportPath(incident.id)}/file`}
    />
  );
}
