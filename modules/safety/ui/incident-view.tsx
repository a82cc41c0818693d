import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { StatusBadge } from "~/app/ui/status-badge";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDate } from "~/app/utils/format";
import { INCIDENT_FORM_GROUPS, PEEPO_FIELDS } from "../domain/incident-fields";
import type { IncidentSection } from "../domain/incident-workflow";
import { ACTION_PATH } from "../server/action-basics";
import { INCIDENT_INTENTS, incidentEditPath, incidentViewPath } from "../server/incident-basics";
import type { IncidentDetail } from "../server/incident-detail.server";
import { InjuredFiles, PeopleLinks } from "./incident-sections";
import { formatSiteTime, useIncidentText } from "./incident-status";

/** The incident's view page: its sections read-only, the steps the user may run, lock, re-assign. */

type Row = { label: string; value: React.ReactNode };

type StepRow = IncidentDetail["steps"][number];

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
          <dd className="whitespace-pre-line break-words text-sm text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({
  detail,
  section,
  title,
  children,
}: {
  detail: IncidentDetail;
  section: IncidentSection;
  title: string;
  children: React.ReactNode;
}) {
  const { t } = useIncidentText();
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {detail.sections.includes(section) ? (
          <Link to={incidentEditPath(detail.id, section)} className={buttonClass("secondary", "sm")}>
            {t("safety:incident.form.edit")}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export function useRefusals(): string[] {
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const { translate } = useIncidentText();
  if (!lastResult?.error) return [];
  return translate(Object.values(lastResult.error).flatMap((list) => list ?? [])) ?? [];
}

export function IncidentToolbar({
  detail,
  members,
}: {
  detail: IncidentDetail;
  members: { value: string; label: string }[];
}) {
  const { t } = useIncidentText();
  // The last post's errors, whichever form sent it (a step, lock, re-assign, a file): one alert above them.
  const refusals = useRefusals();
  const post = incidentViewPath(detail.id);
  const label = (row: StepRow) => t(`safety:incident.steps.${row.action}`);
  const stepTexts: WorkflowStepTexts<StepRow> = {
    legend: t("safety:incident.workflow.label"),
    label,
    confirmBox: () => t("safety:incident.workflow.confirmed"),
    dialog: (row) => ({
      title: `${label(row)} – ${detail.number}`,
      description: t(`safety:incident.workflow.dialog.${row.action}`),
    }),
  };
  return (
    <div className="space-y-2">
      <FormAlert errors={refusals} />
      <div className="flex flex-wrap items-start gap-2">
        <WorkflowSteps
          to={post}
          intent={INCIDENT_INTENTS.transition}
          rows={detail.steps}
          texts={stepTexts}
          isDanger={(row) => row.action === "delete"}
        />
        {detail.canLock || detail.canUnlock ? (
          <Form method="post" action={post}>
            <input
              type="hidden"
              name="intent"
              value={detail.locked ? INCIDENT_INTENTS.unlock : INCIDENT_INTENTS.lock}
            />
            <Button type="submit" size="sm" variant="secondary">
              {t(detail.locked ? "safety:incident.lock.unlock" : "safety:incident.lock.lock")}
            </Button>
          </Form>
        ) : null}
      </div>
      {detail.canReassign ? (
        <details>
          <summary className={buttonClass("secondary", "sm")}>{t("safety:incident.reassign.title")}</summary>
          <Form
            method="post"
            action={post}
            className="mt-2 flex max-w-md flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3"
          >
            <input type="hidden" name="intent" value={INCIDENT_INTENTS.reassign} />
            <NativeSelect
              className="grow"
              label={t("safety:incident.fields.shePerson")}
              name="shePersonId"
              options={members}
              defaultValue={detail.shePerson?.id}
              required
            />
            <Button type="submit" size="sm">
              {t("safety:incident.reassign.submit")}
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

export function IncidentSections({ detail }: { detail: IncidentDetail }) {
  const { t, locale } = useIncidentText();
  const none = t("safety:incident.detail.notSet");
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  const text = (value: string | null | undefined) => value || none;
  const forms = detail.forms as Record<string, string | null>;
  const formRows = (keys: readonly string[]) =>
    keys.filter((key) => forms[key]).map((key) => ({ label: f(key), value: forms[key] }));
  const rail = formRows(INCIDENT_FORM_GROUPS.rail);
  const security = formRows(INCIDENT_FORM_GROUPS.security);
  const hazard = formRows(INCIDENT_FORM_GROUPS.hazard);
  const inv = detail.investigation;
  return (
    <div className="space-y-4">
      <Section detail={detail} section="basic" title={t("safety:incident.sections.basic")}>
        <Rows
          rows={[
            {
              label: f("occurredAt"),
              value: `${formatSiteTime(detail.occurredAt, detail.timeZone, locale)} (${detail.timeZone})`,
            },
            { label: f("location"), value: text(detail.location?.name) },
            {
              label: f("impactAreas"),
              value: detail.impactAreas.map((area) => t(`safety:incident.impact.${area}`)).join(", ") || none,
            },
            { label: f("reporter"), value: text(detail.reporter?.name) },
            { label: f("shePerson"), value: text(detail.shePerson?.name) },
            { label: f("description"), value: text(detail.description) },
          ]}
        />
      </Section>
      <Section detail={detail} section="forms" title={t("safety:incident.sections.forms")}>
        {[
          ["rail", rail],
          ["security", security],
          ["hazard", hazard],
        ].map(([name, rows]) =>
          (rows as Row[]).length ? (
            <div key={name as string} className="space-y-2">
              <h3 className="text-sm font-semibold text-slate-800">{t(`safety:incident.forms.${name}`)}</h3>
              <Rows rows={rows as Row[]} />
            </div>
          ) : null,
        )}
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-800">{t("safety:incident.forms.drug")}</h3>
          {detail.drugTests.length === 0 ? (
            <p className="text-sm text-slate-500">{t("safety:incident.forms.noDrugTests")}</p>
          ) : null}
          {detail.drugTests.map((test) => (
            <Rows
              key={test.id}
              rows={[
                { label: f("memberName"), value: test.memberName },
                { label: f("position"), value: text(test.position) },
                { label: f("company"), value: text(test.company) },
                { label: f("testedOn"), value: test.testedOn ? formatDate(test.testedOn, locale) : none },
                { label: f("drugDetected"), value: text(test.drugDetected) },
                { label: f("reasonForTest"), value: text(test.reasonForTest) },
                { label: f("initialBac"), value: text(test.initialBac) },
                { label: f("secondaryBac"), value: text(test.secondaryBac) },
                {
                  label: f("prescriptionMedication"),
                  value: t(
                    test.prescriptionMedication ? "safety:incident.detail.yes" : "safety:incident.detail.no",
                  ),
                },
                { label: f("additionalInformation"), value: text(test.additionalInformation) },
              ]}
            />
          ))}
        </div>
      </Section>
      <Section detail={detail} section="injury" title={t("safety:incident.sections.injury")}>
        {detail.injured.length === 0 ? (
          <p className="text-sm text-slate-500">{t("safety:incident.injury.none")}</p>
        ) : null}
        {detail.injured.map((person) => (
          <div key={person.id} className="space-y-2 border-t border-slate-100 pt-2">
            <h3 className="text-sm font-semibold text-slate-800">
              {person.fullName}{" "}
              <StatusBadge tone={["fatality", "lti"].includes(person.classification) ? "danger" : "warning"}>
                {t(`safety:incident.classification.${person.classification}`)}
              </StatusBadge>
            </h3>
            <Rows
              rows={[
                { label: f("employer"), value: text(person.employer) },
                {
                  label: f("employmentStatus"),
                  value: person.employmentStatus
                    ? t(`safety:incident.employment.${person.employmentStatus}`)
                    : none,
                },
                { label: f("occupation"), value: text(person.occupation) },
                {
                  label: f("dateOfBirth"),
                  value: person.dateOfBirth ? formatDate(person.dateOfBirth, locale) : none,
                },
                { label: f("age"), value: person.age ?? none },
                { label: f("supervisor"), value: text(person.supervisor) },
                { label: f("bodyPart"), value: text(person.bodyPart) },
                { label: f("nature"), value: text(person.nature) },
                { label: f("mechanism"), value: text(person.mechanism) },
                { label: f("agency"), value: text(person.agency) },
                {
                  label: f("shiftPortion"),
                  value: person.shiftPortion ? t(`safety:incident.shift.${person.shiftPortion}`) : none,
                },
                { label: f("daysLost"), value: person.daysLost ?? none },
                { label: f("injuryDescription"), value: text(person.injuryDescription) },
              ]}
            />
            <InjuredFiles incidentId={detail.id} person={person} editable={false} />
          </div>
        ))}
      </Section>
      <PeopleLinks detail={detail} editable={detail.sections.includes("injury")} />
      <Section detail={detail} section="investigation" title={t("safety:incident.sections.investigation")}>
        <h3 className="text-sm font-semibold text-slate-800">{t("safety:incident.investigation.events")}</h3>
        {inv.events.length ? (
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {inv.events.map((event) => (
              <li key={event.id}>
                {event.timeLabel ? <strong>{event.timeLabel} </strong> : null}
                {event.description}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-500">{none}</p>
        )}
        <h3 className="text-sm font-semibold text-slate-800">{t("safety:incident.investigation.peepo")}</h3>
        <Rows rows={PEEPO_FIELDS.map((key) => ({ label: f(key), value: text(inv[key]) }))} />
        <h3 className="text-sm font-semibold text-slate-800">{t("safety:incident.investigation.factors")}</h3>
        {inv.factors.length ? (
          <ul className="space-y-1 text-sm">
            {inv.factors.map((factor) => (
              <li key={factor.id}>
                <strong>{t(`safety:incident.causeGroups.${factor.causeGroup}`)}:</strong> {factor.description}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{none}</p>
        )}
        <Rows rows={[{ label: f("rootCause"), value: text(inv.rootCause) }]} />
        <h3 className="text-sm font-semibold text-slate-800">{t("safety:incident.investigation.plan")}</h3>
        {inv.plan.length ? (
          <ul className="space-y-1 text-sm">
            {inv.plan.map((row) => (
              <li key={row.id}>
                {row.description} · {row.responsible ?? none} ·{" "}
                {row.dueDate ? formatDate(row.dueDate, locale) : none}
                {row.action ? (
                  <>
                    {" · "}
                    <Link className="record-link" to={`${ACTION_PATH}/${row.action.id}`}>
                      {row.action.number}
                    </Link>{" "}
                    ({t(`safety:action.status.${row.action.status}`)})
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{none}</p>
        )}
      </Section>
      <Section detail={detail} section="signoff" title={t("safety:incident.sections.signoff")}>
        <Rows
          rows={[
            { label: f("reportCompletedBy"), value: text(detail.signOff.reportCompletedBy) },
            { label: f("reviewedBy"), value: text(detail.signOff.reviewedBy) },
            {
              label: f("reviewerRole"),
              value: detail.signOff.reviewerRole
                ? t(`safety:incident.reviewerRoles.${detail.signOff.reviewerRole}`)
                : none,
            },
            {
              label: f("signedOn"),
              value: detail.signOff.signedOn ? formatDate(detail.signOff.signedOn, locale) : none,
            },
            { label: f("signOffComment"), value: text(detail.signOff.comment) },
            {
              label: f("signature"),
              value: detail.signOff.signature?.startsWith("data:image/png") ? (
                <img
                  src={detail.signOff.signature}
                  alt={t("safety:incident.signOff.signatureAlt")}
                  className="h-20 border border-slate-200 bg-white"
                />
              ) : detail.signOff.signature?.startsWith("typed:") ? (
                <span className="font-serif italic">{detail.signOff.signature.slice(6)}</span>
              ) : (
                none
              ),
            },
          ]}
        />
      </Section>
    </div>
  );
}
