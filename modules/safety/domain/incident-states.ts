/** An incident's states, the listing's views and the impact areas (spec 4 and 9): what the register needs. */

export const INCIDENT_STATUSES = [
  "RAISED",
  "EVALUATION_BY_SHE_PERSONNEL",
  "INVESTIGATION",
  "SIGN_OFF",
  "CLOSED",
] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** Spec 9: the incident listing's views. */
export const INCIDENT_VIEWS = ["MY_INCIDENTS", "ALL_INCIDENTS"] as const;
export type IncidentView = (typeof INCIDENT_VIEWS)[number];

/** Spec 9: what an incident touched; one or more. */
export const IMPACT_AREAS = ["People", "Environments", "Equipment", "Process", "Organisation"] as const;
export type ImpactArea = (typeof IMPACT_AREAS)[number];
