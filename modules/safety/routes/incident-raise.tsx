import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { INCIDENT_PATH } from "../server/incident-basics";
import { incidentFormChoices, raiseIncident } from "../server/incidents.server";
import { BasicSection, StepNav } from "../ui/incident-sections";
import { useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Raise an incident | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await incidentFormChoices(em, project) };
}

/** Step 1, the basic information: raising creates the incident; the next steps are its edit pages. */
export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return raiseIncident(context, await readForm(request));
}

export default function RaiseIncidentPage() {
  const { choices } = useLoaderData<typeof loader>();
  const { t } = useIncidentText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:incident.form.raiseTitle")}</h1>
      <StepNav incidentId={null} current="basic" open={[]} />
      <BasicSection
        choices={choices}
        stored={{ impactAreas: [] }}
        cancelTo={INCIDENT_PATH}
        submitLabel={t("safety:incident.form.raise")}
      />
    </div>
  );
}
