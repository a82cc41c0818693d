import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { FormSection } from "~/app/ui/form-section";
import { INCIDENT_LIMITS } from "../domain/incident-fields";
import { incidentPartyPath, incidentViewPath } from "../server/incident-basics";
import { LongText, SaveBar, StepForm, Text, useFormState, type Values } from "./incident-form-parts";
import { useIncidentText } from "./incident-status";
import { useRefusals } from "./incident-view";

/** The victim and witness pages (create, view, edit): one shape, two words. */

type Kind = "victims" | "witness";
type Incident = { id: string; number: string; title: string };
type Party = {
  id: string;
  fullName: string;
  contact: string | null;
  company: string | null;
  account: string | null;
};

export function PartyFormPage({
  kind,
  incident,
  party,
}: {
  kind: Kind;
  incident: Incident;
  party: Party | null;
}) {
  const { t } = useIncidentText();
  const state = useFormState((party ?? {}) as Values);
  const word = kind === "victims" ? "victim" : "witness";
  return (
    <div className="space-y-6">
      <Link to={incidentViewPath(incident.id)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {incident.number} {incident.title}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">
        {t(party ? `safety:incident.people.edit_${word}` : `safety:incident.people.add_${kind}`)}
      </h1>
      <StepForm state={state}>
        <FormSection>
          <Text
            state={state}
            name="fullName"
            label={t("safety:incident.fields.fullName")}
            required
            max={INCIDENT_LIMITS.name}
          />
          <Text
            state={state}
            name="contact"
            label={t("safety:incident.fields.contact")}
            max={INCIDENT_LIMITS.contact}
          />
          <Text state={state} name="company" label={t("safety:incident.fields.company")} />
          <LongText
            state={state}
            name="account"
            label={t(`safety:incident.fields.${word === "victim" ? "harm" : "statement"}`)}
          />
        </FormSection>
        <SaveBar
          cancelTo={party ? incidentPartyPath(incident.id, kind, party.id) : incidentViewPath(incident.id)}
        />
      </StepForm>
    </div>
  );
}

export function PartyDetailPage({
  kind,
  incident,
  party,
  canEdit,
}: {
  kind: Kind;
  incident: Incident;
  party: Party;
  canEdit: boolean;
}) {
  const { t } = useIncidentText();
  const refusals = useRefusals();
  const word = kind === "victims" ? "victim" : "witness";
  const none = t("safety:incident.detail.notSet");
  return (
    <DetailPage
      back={{ to: incidentViewPath(incident.id), label: `${incident.number} ${incident.title}` }}
      title={party.fullName}
      meta={<span className="text-sm text-slate-600">{t(`safety:incident.people.${word}`)}</span>}
      actions={
        canEdit ? (
          <span className="flex gap-2">
            <Link
              to={`${incidentPartyPath(incident.id, kind, party.id)}/edit`}
              className={buttonClass("secondary")}
            >
              {t("safety:incident.form.edit")}
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="danger">
                {t("safety:incident.form.delete")}
              </Button>
            </Form>
          </span>
        ) : null
      }
    >
      {refusals.length ? <p className="text-sm text-red-700">{refusals.join(" ")}</p> : null}
      <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {[
          [t("safety:incident.fields.contact"), party.contact],
          [t("safety:incident.fields.company"), party.company],
          [t(`safety:incident.fields.${word === "victim" ? "harm" : "statement"}`), party.account],
        ].map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="whitespace-pre-line break-words text-sm text-slate-900">{value || none}</dd>
          </div>
        ))}
      </dl>
    </DetailPage>
  );
}
