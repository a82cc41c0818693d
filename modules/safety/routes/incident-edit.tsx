import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { INCIDENT_SECTIONS, type IncidentSection } from "../domain/incident-workflow";
import { INCIDENT_INTENTS, incidentViewPath } from "../server/incident-basics";
import { loadIncidentDetail } from "../server/incident-detail.server";
import { deleteInjuredFile } from "../server/incident-files.server";
import {
  deleteIncidentRow,
  saveBasic,
  saveDrugTest,
  saveForms,
  saveInjuredPerson,
  saveInvestigation,
  saveSignOff,
} from "../server/incident-sections.server";
import { basicFormValues, incidentById, incidentFormChoices, sectionsFor } from "../server/incidents.server";
import {
  BasicSection,
  FormsSection,
  InjurySection,
  InvestigationSection,
  SignOffSection,
  StepNav,
} from "../ui/incident-sections";
import { IncidentStatusBadge, useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.detail.number ?? "incident"} | SiteProof` },
];

const sectionOf = (request: Request): IncidentSection => {
  const wanted = new URL(request.url).searchParams.get("step");
  return INCIDENT_SECTIONS.includes(wanted as IncidentSection) ? (wanted as IncidentSection) : "basic";
};

/** One step of the incident form: shown only when the user may change that section now (decision 030). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const incident = await incidentById(context, params.id);
  const section = sectionOf(request);
  if (!sectionsFor(context, incident).includes(section)) throw new Response("Forbidden", { status: 403 });
  const [detail, choices] = await Promise.all([
    loadIncidentDetail(context, incident),
    incidentFormChoices(context.em, context.project),
  ]);
  const search = new URL(request.url).searchParams;
  return {
    section,
    detail,
    choices,
    basic: basicFormValues(incident, choices.timeZone),
    drugTestId: search.get("drug"),
    personId: search.get("person"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const incident = await incidentById(context, params.id);
  const formData = await readForm(request);
  // Which sections the user may change now (party, state, lock) is checked by each save.
  const intent = requireIntent(context, formData);
  if (intent === INCIDENT_INTENTS.drugSave) return saveDrugTest(context, incident.id, formData);
  if (intent === INCIDENT_INTENTS.injuredSave) return saveInjuredPerson(context, incident.id, formData);
  if (intent === INCIDENT_INTENTS.fileDelete) return deleteInjuredFile(context, incident.id, formData);
  if (intent === INCIDENT_INTENTS.injuredDelete || intent === INCIDENT_INTENTS.drugDelete)
    return deleteIncidentRow(context, incident.id, formData);
  if (intent !== INCIDENT_INTENTS.save) throw new Response("Unknown intent", { status: 400 });
  const section = sectionOf(request);
  if (section === "basic") return saveBasic(context, incident.id, formData);
  if (section === "forms") return saveForms(context, incident.id, formData);
  if (section === "investigation") return saveInvestigation(context, incident.id, formData);
  if (section === "signoff") return saveSignOff(context, incident.id, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function EditIncidentPage() {
  const { section, detail, choices, basic, drugTestId, personId } = useLoaderData<typeof loader>();
  const { t } = useIncidentText();
  return (
    <div className="space-y-6">
      <div>
        <Link to={incidentViewPath(detail.id)} className="text-sm font-medium text-brand-700 hover:underline">
          ← {detail.number}
        </Link>
        <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-semibold text-slate-900">
          {detail.number} {detail.title} <IncidentStatusBadge status={detail.status} />
        </h1>
      </div>
      <StepNav incidentId={detail.id} current={section} open={detail.sections} />
      {section === "basic" ? (
        <BasicSection key={section} choices={choices} stored={basic} cancelTo={incidentViewPath(detail.id)} />
      ) : section === "forms" ? (
        <FormsSection
          key={`${section}-${drugTestId}`}
          detail={detail}
          choices={choices}
          drugTestId={drugTestId}
        />
      ) : section === "injury" ? (
        <InjurySection key={`${section}-${personId}`} detail={detail} personId={personId} />
      ) : section === "investigation" ? (
        <InvestigationSection key={section} detail={detail} choices={choices} />
      ) : (
        <SignOffSection key={section} detail={detail} choices={choices} />
      )}
      <p className="text-xs text-slate-500">{t("safety:incident.form.stepHint")}</p>
    </div>
  );
}
