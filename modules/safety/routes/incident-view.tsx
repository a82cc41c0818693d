import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { StatusBadge } from "~/app/ui/status-badge";
import { readForm } from "~/server/http/form.server";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  INCIDENT_INTENTS,
  INCIDENT_PATH,
  incidentActivityPath,
  incidentReportPath,
} from "../server/incident-basics";
import { loadIncidentDetail } from "../server/incident-detail.server";
import { reassignIncident, setIncidentLock, transitionIncident } from "../server/incident-steps.server";
import { incidentById } from "../server/incidents.server";
import { IncidentStatusBadge, useIncidentText } from "../ui/incident-status";
import { IncidentSections, IncidentToolbar } from "../ui/incident-view";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.number ?? "Incident"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const incident = await incidentById(context, params.id);
  const detail = await loadIncidentDetail(context, incident);
  return {
    detail,
    members: detail.canReassign ? await projectMemberChoices(context.em, context.project.id) : [],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is in the manifest; who the user is, the state and the lock are checked by the step.
  const intent = requireIntent(context, formData);
  const incident = await incidentById(context, params.id);
  if (intent === INCIDENT_INTENTS.transition) return transitionIncident(context, incident.id, formData);
  if (intent === INCIDENT_INTENTS.lock) return setIncidentLock(context, incident.id, true);
  if (intent === INCIDENT_INTENTS.unlock) return setIncidentLock(context, incident.id, false);
  if (intent === INCIDENT_INTENTS.reassign) return reassignIncident(context, incident.id, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function IncidentViewPage() {
  const { detail, members } = useLoaderData<typeof loader>();
  const { t } = useIncidentText();
  return (
    <DetailPage
      back={{ to: `${INCIDENT_PATH}?view=ALL_INCIDENTS`, label: t("safety:incident.detail.back") }}
      title={`${detail.number} ${detail.title}`}
      meta={
        <span className="flex flex-wrap gap-1">
          <IncidentStatusBadge status={detail.status} />
          {detail.locked ? (
            <StatusBadge tone="neutral">{t("safety:incident.lock.locked")}</StatusBadge>
          ) : null}
        </span>
      }
      actions={
        <>
          <Link to={incidentReportPath(detail.id)} className={buttonClass("secondary")}>
            {t("safety:incident.report.button")}
          </Link>
          <Link to={incidentActivityPath(detail.id)} className={buttonClass("secondary")}>
            {t("safety:incident.detail.activityLog")}
          </Link>
        </>
      }
      toolbar={<IncidentToolbar detail={detail} members={members} />}
    >
      <IncidentSections detail={detail} />
    </DetailPage>
  );
}
