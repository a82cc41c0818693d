import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxGroup } from "~/app/ui/checkbox-group";
import { DateField } from "~/app/ui/date-field";
import { FileDrop } from "~/app/ui/file-drop";
import { FormSection } from "~/app/ui/form-section";
import { SignaturePad } from "~/app/ui/signature-pad";
import {
  CAUSE_GROUPS,
  EMPLOYMENT_STATUSES,
  IMPACT_AREAS,
  INCIDENT_LIMITS,
  PEEPO_FIELDS,
  REVIEWER_ROLES,
  SHIFT_PORTIONS,
} from "../domain/incident-fields";
import { INCIDENT_SECTIONS, type IncidentSection } from "../domain/incident-workflow";
import { injuryClassifications } from "../domain/injury-classification";
import { ACTION_PATH } from "../server/action-basics";
import {
  INCIDENT_INTENTS,
  incidentEditPath,
  incidentPartyPath,
  incidentViewPath,
} from "../server/incident-basics";
import type { IncidentDetail } from "../server/incident-detail.server";
import { injuredUploadPath } from "../server/incident-file-paths";
import type { IncidentFormChoices } from "../server/incidents.server";
import {
  Check,
  Choice,
  LongText,
  SaveBar,
  StepForm,
  Text,
  useFormState,
  type Values,
} from "./incident-form-parts";
import { useIncidentText } from "./incident-status";

/** The incident form's steps (spec 2 "Incident steps"), each its own page with its own Save. */

export function StepNav({
  incidentId,
  current,
  open,
}: {
  incidentId: string | null;
  current: IncidentSection;
  open: IncidentSection[];
}) {
  const { t } = useIncidentText();
  return (
    <nav aria-label={t("safety:incident.form.stepsLabel")}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {INCIDENT_SECTIONS.map((section, index) => {
          const label = `${index + 1}. ${t(`safety:incident.sections.${section}`)}`;
          const here = section === current;
          const cls = here
            ? "rounded-md bg-brand-600 px-3 py-1 font-medium text-white"
            : "rounded-md border border-slate-300 px-3 py-1 text-slate-700";
          return (
            <li key={section}>
              {incidentId && open.includes(section) && !here ? (
                <Link className={cls} to={incidentEditPath(incidentId, section)}>
                  {label}
                </Link>
              ) : (
                <span className={here ? cls : `${cls} opacity-60`} aria-current={here ? "step" : undefined}>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const options = (values: readonly string[], label: (value: string) => string) =>
  values.map((value) => ({ value, label: label(value) }));
const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

// ---------------------------------------------------------------------------------------------------

export function BasicSection({
  choices,
  stored,
  cancelTo,
  submitLabel,
}: {
  choices: IncidentFormChoices;
  stored: Values;
  cancelTo: string;
  submitLabel?: string;
}) {
  const { t } = useIncidentText();
  const state = useFormState(stored);
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  return (
    <StepForm state={state} intent={INCIDENT_INTENTS.save}>
      <FormSection title={t("safety:incident.sections.basic")}>
        <Text
          state={state}
          name="title"
          label={f("title")}
          required
          max={INCIDENT_LIMITS.title}
          className="sm:col-span-2"
        />
        <DateField
          label={`${f("occurredDate")} *`}
          errors={state.errorsOf("occurredDate")}
          inputProps={{ name: "occurredDate", defaultValue: state.value("occurredDate"), required: true }}
        />
        <div className="grid grid-cols-2 gap-2">
          <Text state={state} name="occurredHour" label={f("occurredHour")} required type="number" />
          <Text state={state} name="occurredMinute" label={f("occurredMinute")} required type="number" />
        </div>
        <p className="text-xs text-slate-500 sm:col-span-2">
          {t("safety:incident.form.timeZoneHint", { zone: choices.timeZone })}
        </p>
        <Choice
          state={state}
          name="locationId"
          label={f("location")}
          options={choices.locations}
          none={t("safety:incident.form.none")}
        />
        <Choice
          state={state}
          name="shePersonId"
          label={f("shePerson")}
          options={choices.members}
          none={t("safety:incident.form.none")}
          hint={t("safety:incident.form.sheHint")}
        />
        <div className="sm:col-span-2">
          <CheckboxGroup
            legend={`${f("impactAreas")} *`}
            name="impactAreas"
            options={options(IMPACT_AREAS, (area) => t(`safety:incident.impact.${area}`))}
            checked={state.values("impactAreas")}
          />
          {state.errorsOf("impactAreas")?.map((text) => (
            <p key={text} className="mt-1 text-sm text-red-700">
              {text}
            </p>
          ))}
        </div>
        <LongText state={state} name="description" label={f("description")} />
      </FormSection>
      <SaveBar cancelTo={cancelTo} label={submitLabel} />
    </StepForm>
  );
}

// ---------------------------------------------------------------------------------------------------

export function FormsSection({
  detail,
  choices,
  drugTestId,
}: {
  detail: IncidentDetail;
  choices: IncidentFormChoices;
  drugTestId: string | null;
}) {
  const { t } = useIncidentText();
  const state = useFormState(detail.forms);
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  const ref = choices.references;
  return (
    <div className="space-y-6">
      <StepForm state={state} intent={INCIDENT_INTENTS.save}>
        <FormSection title={t("safety:incident.forms.rail")}>
          <Choice
            state={state}
            name="railCategory"
            label={f("railCategory")}
            options={plain(ref.RAIL_CATEGORIES)}
          />
          <Choice state={state} name="railCause" label={f("railCause")} options={plain(ref.RAIL_CAUSE)} />
          <Choice
            state={state}
            name="railNotificationDetails"
            label={f("railNotificationDetails")}
            options={plain(ref.RAIL_NOTIFICATIONS_DETAILS)}
          />
          <LongText state={state} name="railImmediateAction" label={f("railImmediateAction")} />
          <LongText state={state} name="railDescription" label={f("railDescription")} />
        </FormSection>
        <FormSection title={t("safety:incident.forms.security")}>
          <LongText state={state} name="securityDescription" label={f("securityDescription")} />
          <LongText state={state} name="securityImmediateAction" label={f("securityImmediateAction")} />
          <Text
            state={state}
            name="securityPoliceReportNumber"
            label={f("securityPoliceReportNumber")}
            max={INCIDENT_LIMITS.policeReport}
          />
        </FormSection>
        <FormSection title={t("safety:incident.forms.hazard")}>
          <Choice
            state={state}
            name="hazardReportType"
            label={f("hazardReportType")}
            options={plain(ref.REPORT_TYPE)}
          />
          <Choice
            state={state}
            name="hazardSource"
            label={f("hazardSource")}
            options={plain(ref.SOURCE_HAZARDS)}
          />
          <Choice
            state={state}
            name="hazardPotentialActual"
            label={f("hazardPotentialActual")}
            options={plain(ref.POTENTIAL_ACTUAL_HAZARDS)}
          />
          <Choice
            state={state}
            name="hazardPlantDamageLocation"
            label={f("hazardPlantDamageLocation")}
            options={plain(ref.LOCATION_OF_DAMAGE_TO_PLANT)}
          />
          <LongText state={state} name="hazardDetails" label={f("hazardDetails")} />
          <LongText state={state} name="hazardImmediateAction" label={f("hazardImmediateAction")} />
        </FormSection>
        <SaveBar cancelTo={incidentViewPath(detail.id)} label={t("safety:incident.form.saveContinue")} />
      </StepForm>
      <DrugTests detail={detail} choices={choices} editing={drugTestId} />
    </div>
  );
}

function DrugTests({
  detail,
  choices,
  editing,
}: {
  detail: IncidentDetail;
  choices: IncidentFormChoices;
  editing: string | null;
}) {
  const { t } = useIncidentText();
  const current = detail.drugTests.find((test) => test.id === editing) ?? null;
  const state = useFormState(current ?? {});
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  return (
    <section
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="drug-tests"
    >
      <h2 id="drug-tests" className="text-base font-semibold text-slate-900">
        {t("safety:incident.forms.drug")}
      </h2>
      {detail.drugTests.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:incident.forms.noDrugTests")}</p>
      ) : null}
      <ul className="divide-y divide-slate-100">
        {detail.drugTests.map((test) => (
          <li key={test.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <strong>{test.memberName}</strong>
              {test.company ? ` · ${test.company}` : ""}
              {test.drugDetected ? ` · ${test.drugDetected}` : ""}
              {test.initialBac ? ` · BAC ${test.initialBac}` : ""}
            </span>
            <span className="flex gap-2">
              <Link
                className={buttonClass("secondary", "sm")}
                to={`${incidentEditPath(detail.id, "forms")}&drug=${test.id}#drug-tests`}
              >
                {t("safety:incident.form.edit")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value={INCIDENT_INTENTS.drugDelete} />
                <input type="hidden" name="rowId" value={test.id} />
                <Button type="submit" size="sm" variant="danger">
                  {t("safety:incident.form.delete")}
                </Button>
              </Form>
            </span>
          </li>
        ))}
      </ul>
      <StepForm state={state} intent={INCIDENT_INTENTS.drugSave} className="space-y-4">
        {current ? <input type="hidden" name="drugTestId" value={current.id} /> : null}
        <FormSection
          title={current ? t("safety:incident.forms.editDrugTest") : t("safety:incident.forms.addDrugTest")}
        >
          <Choice
            state={state}
            name="memberId"
            label={f("member")}
            options={choices.members}
            none={t("safety:incident.form.none")}
            hint={t("safety:incident.form.memberHint")}
          />
          <Text state={state} name="memberName" label={f("memberName")} max={INCIDENT_LIMITS.name} />
          <Text state={state} name="position" label={f("position")} />
          <Text state={state} name="company" label={f("company")} />
          <DateField
            label={f("testedOn")}
            errors={state.errorsOf("testedOn")}
            inputProps={{ name: "testedOn", defaultValue: state.value("testedOn") }}
          />
          <Choice
            state={state}
            name="drugDetected"
            label={f("drugDetected")}
            options={plain(choices.references.DRUG_DETECTED)}
          />
          <Choice
            state={state}
            name="reasonForTest"
            label={f("reasonForTest")}
            options={plain(choices.references.DRUG_REASON_FOR_TEST)}
          />
          <Text state={state} name="initialBac" label={f("initialBac")} />
          <Text state={state} name="secondaryBac" label={f("secondaryBac")} />
          <LongText state={state} name="additionalInformation" label={f("additionalInformation")} />
          <Check state={state} name="prescriptionMedication" label={f("prescriptionMedication")} />
        </FormSection>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary">
            {current ? t("safety:incident.form.save") : t("safety:incident.forms.addDrugTest")}
          </Button>
        </div>
      </StepForm>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------

export function InjurySection({ detail, personId }: { detail: IncidentDetail; personId: string | null }) {
  const { t } = useIncidentText();
  const current = detail.injured.find((person) => person.id === personId) ?? null;
  const state = useFormState(current ?? {});
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  return (
    <div className="space-y-6">
      <section
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        aria-labelledby="injured"
      >
        <h2 id="injured" className="text-base font-semibold text-slate-900">
          {t("safety:incident.injury.title")}
        </h2>
        {detail.injured.length === 0 ? (
          <p className="text-sm text-slate-500">{t("safety:incident.injury.none")}</p>
        ) : null}
        <ul className="divide-y divide-slate-100">
          {detail.injured.map((person) => (
            <li key={person.id} className="space-y-2 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <strong>{person.fullName}</strong> ·{" "}
                  {t(`safety:incident.classification.${person.classification}`)}
                  {person.bodyPart ? ` · ${person.bodyPart}` : ""}
                </span>
                <span className="flex gap-2">
                  <Link
                    className={buttonClass("secondary", "sm")}
                    to={`${incidentEditPath(detail.id, "injury")}&person=${person.id}#person-form`}
                  >
                    {t("safety:incident.form.edit")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value={INCIDENT_INTENTS.injuredDelete} />
                    <input type="hidden" name="rowId" value={person.id} />
                    <Button type="submit" size="sm" variant="danger">
                      {t("safety:incident.form.delete")}
                    </Button>
                  </Form>
                </span>
              </div>
              <InjuredFiles incidentId={detail.id} person={person} editable />
            </li>
          ))}
        </ul>
      </section>
      <StepForm state={state} intent={INCIDENT_INTENTS.injuredSave}>
        {current ? <input type="hidden" name="personId" value={current.id} /> : null}
        <div id="person-form">
          <FormSection
            title={
              current
                ? t("safety:incident.injury.edit", { name: current.fullName })
                : t("safety:incident.injury.add")
            }
          >
            <Text state={state} name="fullName" label={f("fullName")} required max={INCIDENT_LIMITS.name} />
            <Text state={state} name="employer" label={f("employer")} />
            <Choice
              state={state}
              name="employmentStatus"
              label={f("employmentStatus")}
              options={options(EMPLOYMENT_STATUSES, (value) => t(`safety:incident.employment.${value}`))}
            />
            <Text state={state} name="occupation" label={f("occupation")} />
            <DateField
              label={f("dateOfBirth")}
              errors={state.errorsOf("dateOfBirth")}
              inputProps={{ name: "dateOfBirth", defaultValue: state.value("dateOfBirth") }}
            />
            <Text state={state} name="age" label={f("age")} type="number" />
            <Text state={state} name="supervisor" label={f("supervisor")} />
            <Text state={state} name="bodyPart" label={f("bodyPart")} />
            <Choice
              state={state}
              name="classification"
              label={f("classification")}
              required
              options={options(injuryClassifications, (value) =>
                t(`safety:incident.classification.${value}`),
              )}
            />
            <Text state={state} name="nature" label={f("nature")} />
            <Text state={state} name="mechanism" label={f("mechanism")} />
            <Text state={state} name="agency" label={f("agency")} />
            <Choice
              state={state}
              name="shiftPortion"
              label={f("shiftPortion")}
              options={options(SHIFT_PORTIONS, (value) => t(`safety:incident.shift.${value}`))}
            />
            <Text state={state} name="daysLost" label={f("daysLost")} type="number" />
            <LongText state={state} name="injuryDescription" label={f("injuryDescription")} />
          </FormSection>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {current ? (
            <Link to={incidentEditPath(detail.id, "injury")} className={buttonClass("secondary")}>
              {t("safety:incident.form.cancel")}
            </Link>
          ) : null}
          <Button type="submit">
            {current ? t("safety:incident.form.save") : t("safety:incident.injury.add")}
          </Button>
        </div>
      </StepForm>
      <PeopleLinks detail={detail} editable />
      <div className="flex justify-end">
        <Link to={incidentViewPath(detail.id)} className={buttonClass("secondary")}>
          {t("safety:incident.form.done")}
        </Link>
      </div>
    </div>
  );
}

/** The victims and witnesses, each linking to its page; adding when the section may change. */
export function PeopleLinks({ detail, editable }: { detail: IncidentDetail; editable: boolean }) {
  const { t } = useIncidentText();
  const group = (kind: "victims" | "witness", rows: IncidentDetail["victims"]) => (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{t(`safety:incident.people.${kind}`)}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t(`safety:incident.people.none_${kind}`)}</p>
      ) : null}
      <ul className="space-y-1 text-sm">
        {rows.map((row) => (
          <li key={row.id}>
            <Link className="record-link" to={incidentPartyPath(detail.id, kind, row.id)}>
              {row.fullName}
            </Link>
            {row.company ? ` · ${row.company}` : ""}
          </li>
        ))}
      </ul>
      {editable ? (
        <Link className={buttonClass("secondary", "sm")} to={incidentPartyPath(detail.id, kind)}>
          {t(`safety:incident.people.add_${kind}`)}
        </Link>
      ) : null}
    </div>
  );
  return (
    <section
      id="people"
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2"
    >
      {group("victims", detail.victims)}
      {group("witness", detail.witnesses)}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------

const BLANK_ROWS = 3;

export function InvestigationSection({
  detail,
  choices,
}: {
  detail: IncidentDetail;
  choices: IncidentFormChoices;
}) {
  const { t } = useIncidentText();
  const inv = detail.investigation;
  const state = useFormState(inv as unknown as Values);
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  const events = [
    ...inv.events,
    ...Array.from({ length: BLANK_ROWS }, () => ({ timeLabel: "", description: "" })),
  ];
  const factors = [
    ...inv.factors,
    ...Array.from({ length: BLANK_ROWS }, () => ({ causeGroup: "", description: "" })),
  ];
  const raised = inv.plan.filter((row) => row.action);
  const open = [
    ...inv.plan.filter((row) => !row.action),
    ...Array.from({ length: BLANK_ROWS }, () => ({ description: "", responsibleId: "", dueDate: "" })),
  ];
  const cell = "block w-full rounded-md border border-slate-300 px-2 py-1 text-sm";
  return (
    <StepForm state={state} intent={INCIDENT_INTENTS.save}>
      <FormSection title={t("safety:incident.investigation.events")}>
        <div className="space-y-2 sm:col-span-2">
          <div
            aria-hidden="true"
            className="hidden gap-2 text-xs font-medium text-slate-500 sm:grid sm:grid-cols-[8rem_1fr]"
          >
            <span>{f("eventTime")}</span>
            <span>{f("eventDescription")}</span>
          </div>
          {events.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional (posted as lists, blank rows last)
            <div key={`event-${index}`} className="grid gap-2 sm:grid-cols-[8rem_1fr]">
              <input
                aria-label={`${f("eventTime")} ${index + 1}`}
                name="eventTime"
                defaultValue={row.timeLabel}
                maxLength={50}
                className={cell}
              />
              <input
                aria-label={`${f("eventDescription")} ${index + 1}`}
                name="eventDescription"
                defaultValue={row.description}
                className={cell}
              />
            </div>
          ))}
        </div>
      </FormSection>
      <FormSection title={t("safety:incident.investigation.peepo")}>
        {PEEPO_FIELDS.map((name) => (
          <LongText key={name} state={state} name={name} label={f(name)} className="" />
        ))}
      </FormSection>
      <FormSection title={t("safety:incident.investigation.factors")}>
        <div className="space-y-2 sm:col-span-2">
          <div
            aria-hidden="true"
            className="hidden gap-2 text-xs font-medium text-slate-500 sm:grid sm:grid-cols-[16rem_1fr]"
          >
            <span>{f("causeGroup")}</span>
            <span>{f("factor")}</span>
          </div>
          {factors.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional (posted as lists, blank rows last)
            <div key={`factor-${index}`} className="grid gap-2 sm:grid-cols-[16rem_1fr]">
              <select
                aria-label={`${f("causeGroup")} ${index + 1}`}
                name="factorGroup"
                defaultValue={row.causeGroup}
                className={cell}
              >
                <option value="">—</option>
                {CAUSE_GROUPS.map((group) => (
                  <option key={group} value={group}>
                    {t(`safety:incident.causeGroups.${group}`)}
                  </option>
                ))}
              </select>
              <input
                aria-label={`${f("factor")} ${index + 1}`}
                name="factorDescription"
                defaultValue={row.description}
                className={cell}
              />
            </div>
          ))}
          {state.errorsOf("factorGroup")?.map((text) => (
            <p key={text} className="text-sm text-red-700">
              {text}
            </p>
          ))}
        </div>
      </FormSection>
      <FormSection title={f("rootCause")}>
        <LongText state={state} name="rootCause" label={f("rootCause")} />
      </FormSection>
      <FormSection title={t("safety:incident.investigation.plan")}>
        <div className="space-y-2 sm:col-span-2">
          <p className="text-xs text-slate-500">
            {t("safety:incident.investigation.planHint")} {t("safety:incident.investigation.moreRows")}
          </p>
          {raised.map((row) => (
            <p key={row.id} className="text-sm">
              {row.description} · {row.responsible ?? "—"} ·{" "}
              <Link className="record-link" to={`${ACTION_PATH}/${row.action?.id}`}>
                {row.action?.number}
              </Link>
            </p>
          ))}
          <div
            aria-hidden="true"
            className="hidden gap-2 text-xs font-medium text-slate-500 sm:grid sm:grid-cols-[1fr_14rem_10rem]"
          >
            <span>{f("capDescription")}</span>
            <span>{f("capResponsible")}</span>
            <span>{f("capDueDate")}</span>
          </div>
          {open.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positional (posted as lists, blank rows last)
            <div key={`cap-${index}`} className="grid gap-2 sm:grid-cols-[1fr_14rem_10rem]">
              <input
                aria-label={`${f("capDescription")} ${index + 1}`}
                name="capDescription"
                defaultValue={row.description}
                maxLength={INCIDENT_LIMITS.title}
                className={cell}
              />
              <select
                aria-label={`${f("capResponsible")} ${index + 1}`}
                name="capResponsibleId"
                defaultValue={row.responsibleId ?? ""}
                className={cell}
              >
                <option value="">—</option>
                {choices.members.map((member) => (
                  <option key={member.value} value={member.value}>
                    {member.label}
                  </option>
                ))}
              </select>
              <input
                aria-label={`${f("capDueDate")} ${index + 1}`}
                type="date"
                name="capDueDate"
                defaultValue={row.dueDate ?? ""}
                className={cell}
              />
            </div>
          ))}
          {[...(state.errorsOf("capResponsibleId") ?? []), ...(state.errorsOf("capDueDate") ?? [])].map(
            (text) => (
              <p key={text} className="text-sm text-red-700">
                {text}
              </p>
            ),
          )}
        </div>
      </FormSection>
      <SaveBar cancelTo={incidentViewPath(detail.id)} />
    </StepForm>
  );
}

// ---------------------------------------------------------------------------------------------------

export function SignOffSection({
  detail,
  choices,
}: {
  detail: IncidentDetail;
  choices: IncidentFormChoices;
}) {
  const { t } = useIncidentText();
  const state = useFormState({ ...detail.signOff, signOffComment: detail.signOff.comment });
  const f = (name: string) => t(`safety:incident.fields.${name}`);
  return (
    <StepForm state={state} intent={INCIDENT_INTENTS.save}>
      <FormSection title={t("safety:incident.sections.signoff")}>
        <Choice
          state={state}
          name="reportCompletedById"
          label={f("reportCompletedBy")}
          options={choices.members}
        />
        <Choice state={state} name="reviewedById" label={f("reviewedBy")} options={choices.members} />
        <Choice
          state={state}
          name="reviewerRole"
          label={f("reviewerRole")}
          options={options(REVIEWER_ROLES, (role) => t(`safety:incident.reviewerRoles.${role}`))}
        />
        <DateField
          label={f("signedOn")}
          errors={state.errorsOf("signedOn")}
          inputProps={{ name: "signedOn", defaultValue: state.value("signedOn") }}
        />
        <LongText state={state} name="signOffComment" label={f("signOffComment")} />
        {detail.signOff.signature ? (
          <p className="text-sm text-slate-600 sm:col-span-2">{t("safety:incident.signOff.signedKeep")}</p>
        ) : null}
        <SignaturePad
          className="sm:col-span-2"
          label={f("signature")}
          name="signature"
          errors={state.errorsOf("signature")}
        />
      </FormSection>
      <SaveBar cancelTo={incidentViewPath(detail.id)} />
    </StepForm>
  );
}

/** An injured person's photos and videos: links, a remove button each and an upload form when editable. */
export function InjuredFiles({
  incidentId,
  person,
  editable,
}: {
  incidentId: string;
  person: IncidentDetail["injured"][number];
  editable: boolean;
}) {
  const { t } = useIncidentText();
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-2">
      <p className="text-xs font-medium text-slate-600">{t("safety:incident.files.title")}</p>
      {person.files.length === 0 ? (
        <p className="text-xs text-slate-500">{t("safety:incident.files.none")}</p>
      ) : null}
      <ul className="space-y-1">
        {person.files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-2">
            <a className="record-link" href={`/attachments/${file.id}`}>
              {file.fileName}
            </a>
            {editable ? (
              <Form method="post" action={incidentEditPath(incidentId, "injury")}>
                <input type="hidden" name="intent" value={INCIDENT_INTENTS.fileDelete} />
                <input type="hidden" name="fileId" value={file.id} />
                <Button type="submit" size="sm" variant="ghost">
                  {t("safety:incident.files.remove")}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={injuredUploadPath(incidentId, person.id)}
          className="space-y-2"
        >
          <FileDrop
            label={t("safety:incident.files.choose")}
            name="files"
            accept="image/*,video/*"
            multiple
            required
          />
          <Button type="submit" size="sm" variant="secondary">
            {t("safety:incident.files.upload")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
