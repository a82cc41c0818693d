import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay, optionalIsoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  CAUSE_GROUPS,
  EMPLOYMENT_STATUSES,
  IMPACT_AREAS,
  INCIDENT_LIMITS,
  INCIDENT_STATUSES,
  INCIDENT_VIEWS,
  REFERENCE_CATEGORIES,
  REVIEWER_ROLES,
  SHIFT_PORTIONS,
} from "../domain/incident-fields";
import { INCIDENT_STEPS } from "../domain/incident-workflow";
import { injuryClassifications } from "../domain/injury-classification";
import { INCIDENT_INTENTS, INCIDENT_LOCATION_TEXT, INCIDENT_SORTS } from "./incident-basics";
import { drawnSignatureSchema } from "./signature-rules";

export * from "./incident-basics";

/**
 * Incident forms and register rules shared by the server and the browser: no Remix, no MikroORM here.
 * Messages are translation keys (safety:incident.*). Every form is checked on the server; the time of the
 * incident is checked there too, on the project's clock (domain/incident-time.ts).
 */

const L = INCIDENT_LIMITS;
const choiceNotFound = message("safety:incident.errors.choiceNotFound");
const invalidDate = message("safety:incident.errors.invalidDate");

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .optional()
    .transform((value) => (value ? value : null));
const required = (max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxLengthMessage(max));
const optionalUuid = z
  .union([z.literal(""), z.uuid({ error: choiceNotFound })])
  .optional()
  .transform((value) => (value ? value : null));
const optionalDay = optionalIsoDaySchema(invalidDate);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.enum(values, { error: choiceNotFound })])
    .optional()
    .transform((value) => (value ? (value as T[number]) : null));
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);
/** A list posted as repeated fields; an empty entry (conform reads "" as undefined) stays an empty string. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(item.optional()).transform((entries) => entries.map((entry) => entry ?? "")),
  );

// ---------------------------------------------------------------------------------------------------
// Basic information (raise and edit). The time's three parts are strings: the server reads them on the
// project's clock and answers 'Invalid hour', 'Invalid minute' or 'You can not choose a time in the future'.

export const incidentBasicSchema = z.object({
  title: required(L.title),
  occurredDate: z.string({ error: requiredMessage }).trim().min(1, requiredMessage),
  occurredHour: z.string({ error: requiredMessage }).trim().min(1, requiredMessage),
  occurredMinute: z.string({ error: requiredMessage }).trim().min(1, requiredMessage),
  locationId: optionalUuid,
  description: text(L.text),
  impactAreas: list(z.enum(IMPACT_AREAS, { error: choiceNotFound })).pipe(
    z.array(z.enum(IMPACT_AREAS)).min(1, message("safety:incident.errors.impactAreaRequired")),
  ),
  shePersonId: optionalUuid,
});
export type IncidentBasicForm = z.infer<typeof incidentBasicSchema>;

/** The management forms (rail, security, hazard); drug and alcohol tests are rows of their own. */
export const incidentFormsSchema = z.object({
  railCategory: text(L.reference),
  railCause: text(L.reference),
  railImmediateAction: text(L.text),
  railNotificationDetails: text(L.reference),
  railDescription: text(L.text),
  securityDescription: text(L.text),
  securityImmediateAction: text(L.text),
  securityPoliceReportNumber: text(L.policeReport),
  hazardReportType: text(L.reference),
  hazardSource: text(L.reference),
  hazardPotentialActual: text(L.reference),
  hazardPlantDamageLocation: text(L.reference),
  hazardDetails: text(L.text),
  hazardImmediateAction: text(L.text),
});
export type IncidentFormsForm = z.infer<typeof incidentFormsSchema>;

const bac = z
  .string()
  .trim()
  .optional()
  .refine(
    (value) => !value || (/^\d{1,2}(\.\d{1,3})?$/.test(value) && Number(value) <= 1),
    message("safety:incident.errors.invalidBac"),
  )
  .transform((value) => (value ? value : null));

export const drugTestSchema = z.object({
  intent: z.literal(INCIDENT_INTENTS.drugSave),
  drugTestId: optionalUuid,
  memberId: optionalUuid,
  memberName: text(L.name),
  position: text(L.short),
  company: text(L.short),
  testedOn: optionalDay,
  drugDetected: text(L.reference),
  reasonForTest: text(L.reference),
  initialBac: bac,
  secondaryBac: bac,
  additionalInformation: text(L.text),
  prescriptionMedication: checkbox,
});
export type DrugTestForm = z.infer<typeof drugTestSchema>;

const wholeNumber = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || (/^\d{1,3}$/.test(value) && Number(value) <= max),
      message("common:validation.invalidNumber"),
    )
    .transform((value) => (value ? Number(value) : null));

export const injuredPersonSchema = z.object({
  intent: z.literal(INCIDENT_INTENTS.injuredSave),
  personId: optionalUuid,
  fullName: required(L.name),
  employer: text(L.short),
  employmentStatus: optionalEnum(EMPLOYMENT_STATUSES),
  dateOfBirth: optionalDay,
  age: wholeNumber(120),
  occupation: text(L.short),
  supervisor: text(L.short),
  bodyPart: text(L.short),
  injuryDescription: text(L.text),
  classification: z.enum(injuryClassifications, { error: requiredMessage }),
  nature: text(L.short),
  mechanism: text(L.short),
  agency: text(L.short),
  shiftPortion: optionalEnum(SHIFT_PORTIONS),
  daysLost: wholeNumber(999),
});
export type InjuredPersonForm = z.infer<typeof injuredPersonSchema>;

export const rowDeleteSchema = z.object({
  intent: z.enum([INCIDENT_INTENTS.injuredDelete, INCIDENT_INTENTS.drugDelete]),
  rowId: z.uuid({ error: choiceNotFound }),
});

/**
 * The investigation: sequence of events, PEEPO, contributing factors, root cause, corrective action plan.
 * Rows post as parallel lists (eventTime[i], eventDescription[i]…); blank rows are dropped.
 */
export const incidentInvestigationSchema = z.object({
  eventTime: list(z.string().trim().max(50, maxLengthMessage(50))),
  eventDescription: list(z.string().trim().max(L.text, maxLengthMessage(L.text))),
  peepoPeople: text(L.text),
  peepoEnvironment: text(L.text),
  peepoEquipment: text(L.text),
  peepoProcedures: text(L.text),
  peepoOrganisation: text(L.text),
  factorGroup: list(z.union([z.literal(""), z.enum(CAUSE_GROUPS, { error: choiceNotFound })])),
  factorDescription: list(z.string().trim().max(L.text, maxLengthMessage(L.text))),
  rootCause: text(L.text),
  capDescription: list(z.string().trim().max(L.title, maxLengthMessage(L.title))),
  capResponsibleId: list(z.union([z.literal(""), z.uuid({ error: choiceNotFound })])),
  capDueDate: list(
    z
      .string()
      .trim()
      .refine((value) => !value || isIsoDay(value), invalidDate),
  ),
});
export type IncidentInvestigationForm = z.infer<typeof incidentInvestigationSchema>;

export const incidentSignOffSchema = z.object({
  reportCompletedById: optionalUuid,
  reviewedById: optionalUuid,
  reviewerRole: optionalEnum(REVIEWER_ROLES),
  signOffComment: text(L.text),
  /** The signature pad's image (a PNG data URL), or a typed name without JavaScript. */
  signature: drawnSignatureSchema({
    tooLarge: message("safety:incident.errors.signatureTooLarge"),
    invalid: message("safety:incident.errors.signatureInvalid"),
  }),
  /** The name typed instead of drawing (the signature pad's keyboard way). */
  signatureTypedName: text(L.name),
  signedOn: optionalDay,
});
export type IncidentSignOffForm = z.infer<typeof incidentSignOffSchema>;

export const incidentTransitionSchema = z.object({
  intent: z.literal(INCIDENT_INTENTS.transition),
  action: z.enum(INCIDENT_STEPS, { error: message("safety:incident.errors.actionNotAllowed") }),
  confirmed: checkbox,
});

export const incidentReassignSchema = z.object({
  intent: z.literal(INCIDENT_INTENTS.reassign),
  shePersonId: z.uuid({ error: requiredMessage }),
});

/** A victim or a witness (the sub-pages). */
export const incidentPartySchema = z.object({
  fullName: required(L.name),
  contact: text(L.contact),
  company: text(L.short),
  /** A victim's harm, a witness's statement. */
  account: text(L.text),
});

// ---------------------------------------------------------------------------------------------------
// Reference lists.

export const referenceAddSchema = z.object({
  intent: z.literal("add"),
  category: z.enum(REFERENCE_CATEGORIES, { error: choiceNotFound }),
  label: required(L.reference),
});
export const referenceRenameSchema = z.object({
  intent: z.literal("rename"),
  itemId: z.uuid({ error: choiceNotFound }),
  label: required(L.reference),
});
export const referenceArchiveSchema = z.object({
  intent: z.enum(["archive", "restore"]),
  itemId: z.uuid({ error: choiceNotFound }),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;
const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);

/** The most locations the filter takes at once. */
const LOCATION_FILTER_MAX = 20;

export function readIncidentQuery(params: URLSearchParams) {
  const view = oneOf(INCIDENT_VIEWS, params.get("view") ?? params.get("tab")?.toUpperCase() ?? null);
  return {
    view: view ?? "MY_INCIDENTS",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(INCIDENT_STATUSES, params.get("status")),
    impact: oneOf(IMPACT_AREAS, params.get("impact")),
    // Each chosen location with everything below it; a text typed without JavaScript is resolved by the loader.
    locations: [
      ...new Set(
        params
          .getAll("location")
          .map(idOrNull)
          .filter((id): id is string => Boolean(id)),
      ),
    ].slice(0, LOCATION_FILTER_MAX),
    locationText: (params.get(INCIDENT_LOCATION_TEXT) ?? "").trim().slice(0, 200),
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
    // Newest incident first.
    ...readListSort(params, INCIDENT_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type IncidentQuery = ReturnType<typeof readIncidentQuery>;
