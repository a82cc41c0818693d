/**
 * An incident's vocabularies (spec 3, 4 and 9): states, impact areas, the reference list categories and
 * their construction defaults, the cause groups, the sign-off reviewer roles, and the injured person's
 * choices. Pure data: the server, the forms and the seed share it.
 */

// The states, views and impact areas are in a file of their own: the register's page needs only them.
export * from "./incident-states";

/** Spec 9: the five cause groups the investigation's contributing factors sit under. */
export const CAUSE_GROUPS = [
  "FAILED_DEFENCES",
  "INDIVIDUAL_TEAM_ACTIONS",
  "TASK_ENVIRONMENT_CONDITIONS",
  "HUMAN_FACTORS",
  "ORGANISATION_FACTORS",
] as const;
export type CauseGroup = (typeof CAUSE_GROUPS)[number];

/** PEEPO: the investigation's five lenses (People, Environment, Equipment, Procedures, Organisation). */
/** The management forms' fields, by form, in the order the view page and the report show them. */
export const INCIDENT_FORM_GROUPS = {
  rail: ["railCategory", "railCause", "railNotificationDetails", "railImmediateAction", "railDescription"],
  security: ["securityDescription", "securityImmediateAction", "securityPoliceReportNumber"],
  hazard: [
    "hazardReportType",
    "hazardSource",
    "hazardPotentialActual",
    "hazardPlantDamageLocation",
    "hazardDetails",
    "hazardImmediateAction",
  ],
} as const;

export const PEEPO_FIELDS = [
  "peepoPeople",
  "peepoEnvironment",
  "peepoEquipment",
  "peepoProcedures",
  "peepoOrganisation",
] as const;

/** Spec 3: who may review a sign-off. */
export const REVIEWER_ROLES = [
  "hsse_manager",
  "regional_hsse_manager",
  "project_manager",
  "regional_general_manager",
  "national_sustainability_environment_manager",
  "general_hsse_manager",
  "ceo",
  "environmental_manager",
  "regional_environmental_manager",
  "general_environmental_manager",
] as const;
export type ReviewerRole = (typeof REVIEWER_ROLES)[number];

/** How an injured person stood to the project (spec 3 "employment status"). */
export const EMPLOYMENT_STATUSES = [
  "employee",
  "contractor",
  "subcontractor",
  "labour_hire",
  "visitor",
  "member_of_public",
] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

/** How far into the shift the injury happened (spec 3 "portion of shift completed"). */
export const SHIFT_PORTIONS = [
  "first_quarter",
  "second_quarter",
  "third_quarter",
  "fourth_quarter",
  "overtime",
] as const;
export type ShiftPortion = (typeof SHIFT_PORTIONS)[number];

/** Spec 9: the incident reference list categories, kept per project as managed reference data. */
export const REFERENCE_CATEGORIES = [
  "RAIL_CATEGORIES",
  "RAIL_CAUSE",
  "RAIL_NOTIFICATIONS_DETAILS",
  "DRUG_DETECTED",
  "DRUG_REASON_FOR_TEST",
  "LOCATION_OF_DAMAGE_TO_PLANT",
  "REPORT_TYPE",
  "SOURCE_HAZARDS",
  "POTENTIAL_ACTUAL_HAZARDS",
] as const;
export type ReferenceCategory = (typeof REFERENCE_CATEGORIES)[number];

/**
 * What a project starts with in each list (created the first time the project's lists are read): the
 * choices a civil construction site reports most. A project renames, adds and archives from there.
 */
export const REFERENCE_DEFAULTS: Record<ReferenceCategory, readonly string[]> = {
  RAIL_CATEGORIES: [
    "Signal passed at danger",
    "Track worker safety",
    "Level crossing",
    "Derailment",
    "Collision with obstruction",
    "Infrastructure damage",
    "Possession breach",
  ],
  RAIL_CAUSE: [
    "Communication failure",
    "Protection not in place",
    "Equipment failure",
    "Procedure not followed",
    "Track condition",
    "Weather",
  ],
  RAIL_NOTIFICATIONS_DETAILS: [
    "Network control notified",
    "Rail regulator notified",
    "Protection officer notified",
    "Asset owner notified",
  ],
  DRUG_DETECTED: ["None", "Alcohol", "Cannabis", "Amphetamines", "Opiates", "Cocaine", "Benzodiazepines"],
  DRUG_REASON_FOR_TEST: ["Random", "Post incident", "Reasonable cause", "Pre-employment", "Return to work"],
  LOCATION_OF_DAMAGE_TO_PLANT: [
    "Front",
    "Rear",
    "Left side",
    "Right side",
    "Cabin",
    "Boom or arm",
    "Undercarriage",
  ],
  REPORT_TYPE: ["Hazard", "Near miss", "Unsafe act", "Unsafe condition"],
  SOURCE_HAZARDS: [
    "Plant and machinery",
    "Working at height",
    "Excavation",
    "Electrical",
    "Hazardous substances",
    "Manual handling",
    "Traffic",
  ],
  POTENTIAL_ACTUAL_HAZARDS: [
    "Fall from height",
    "Struck by object",
    "Caught between",
    "Electric shock",
    "Collapse",
    "Exposure to substance",
    "Vehicle collision",
  ],
};

/** Column sizes of the incident tables, so the forms refuse what the database could not store. */
export const INCIDENT_LIMITS = {
  title: 200,
  text: 4000,
  short: 200,
  name: 200,
  reference: 200,
  policeReport: 50,
  contact: 200,
} as const;
