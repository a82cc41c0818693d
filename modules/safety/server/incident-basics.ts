import type { IncidentStatus } from "../domain/incident-fields";
import type { IncidentSection } from "../domain/incident-workflow";

/**
 * The incident pages' paths, tones, intents and views: what the register needs in the browser, without
 * the zod schemas of incident-rules.ts.
 */

export const INCIDENT_PATH = "/safety/ims";
export const incidentViewPath = (id: string) => `${INCIDENT_PATH}/view/${id}`;
export const incidentEditPath = (id: string, step?: IncidentSection) =>
  `${INCIDENT_PATH}/edit/${id}${step ? `?step=${step}` : ""}`;
export const incidentReportPath = (id: string) => `${INCIDENT_PATH}/${id}/report`;
export const incidentActivityPath = (id: string) => `${INCIDENT_PATH}/${id}/activity-log`;
export const incidentPartyPath = (incidentId: string, kind: "victims" | "witness", partyId?: string) =>
  `${INCIDENT_PATH}/${incidentId}/${kind}${partyId ? `/${partyId}` : "/create"}`;
export const REFERENCE_LISTS_PATH = "/safety/setting/reference-lists";

/** The activity log's entity type: one history holds the incident's steps, edits and its people. */
export const INCIDENT_ENTITY_TYPE = "safety-incident";
/** Where an action raised from a corrective action plan row comes from (SafetyAction.sourceType). */
export const INCIDENT_SOURCE_TYPE = "incident";

export const INCIDENT_STATUS_TONES: Record<
  IncidentStatus,
  "success" | "danger" | "info" | "neutral" | "warning"
> = {
  RAISED: "danger",
  EVALUATION_BY_SHE_PERSONNEL: "warning",
  INVESTIGATION: "warning",
  SIGN_OFF: "info",
  CLOSED: "success",
};

export const INCIDENT_INTENTS = {
  transition: "transition",
  lock: "lock",
  unlock: "unlock",
  reassign: "reassign",
  save: "save",
  injuredSave: "injured-save",
  injuredDelete: "injured-delete",
  drugSave: "drug-save",
  drugDelete: "drug-delete",
  fileDelete: "file-delete",
  delete: "delete",
} as const;

/** The register's location filter: the text typed in its box (sent with the form when no suggestion was chosen). */
export const INCIDENT_LOCATION_TEXT = "locationSearch";

export const INCIDENT_SORTS = ["number", "occurredAt", "title", "updatedAt"] as const;
export type IncidentSort = (typeof INCIDENT_SORTS)[number];
