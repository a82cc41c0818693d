import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { DetailPage } from "~/app/ui/detail-page";
import { requireRoute } from "~/server/permissions/guard.server";
import { incidentViewPath } from "../server/incident-basics";
import { incidentActivity } from "../server/incident-detail.server";
import { incidentById } from "../server/incidents.server";
import { describeIncidentEntry } from "../ui/incident-activity";
import { IncidentStatusBadge, useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.number ?? "Incident"} activity | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const incident = await incidentById(context, params.incidentId);
  return {
    id: incident.id,
    number: incident.number,
    title: incident.title,
    status: incident.status,
    entries: await incidentActivity(context.em, incident.id),
  };
}

/** The incident's history: raised, each step, edits by section, people added and removed, lock, re-assign. */
export default function IncidentActivityPage() {
  const { id, number, title, status, entries } = useLoaderData<typeof loader>();
  const { t, locale } = useIncidentText();
  return (
    <DetailPage
      back={{ to: incidentViewPath(id), label: number }}
      title={`${number} ${title}`}
      meta={<IncidentStatusBadge status={status} />}
    >
      <section
        aria-label={t("safety:incident.detail.activityLog")}
        className="rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 className="mb-3 text-base font-semibold text-slate-900">
          {t("safety:incident.detail.activityLog")}
        </h2>
        <ActivityList
          entries={entries.map((entry) => describeIncidentEntry(entry, t, locale))}
          empty={t("safety:incident.activity.empty")}
        />
      </section>
    </DetailPage>
  );
}
