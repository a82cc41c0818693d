import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties, numberOrTitleSearchIndex } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { statusTotalTriggers } from "../../server/db/status-totals";
import {
  CAUSE_GROUPS,
  EMPLOYMENT_STATUSES,
  type ImpactArea,
  INCIDENT_STATUSES,
  type IncidentStatus,
  REFERENCE_CATEGORIES,
  REVIEWER_ROLES,
  SHIFT_PORTIONS,
} from "./domain/incident-fields";
import { injuryClassifications } from "./domain/injury-classification";

/**
 * The incident tables (IMS, README "Incidents"). Every record is `projectOwned`. Reference list choices
 * are stored on the incident as the text picked (a list renamed or archived later leaves the record as
 * it was reported).
 */

/** An incident: what happened, where and when, who reported it, its management forms, investigation and sign-off. */
export const SafetyIncident = projectOwned(
  defineEntity({
    name: "SafetyIncident",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      /** What happened, in a line: the register's title. */
      title: p.string().length(200),
      status: p.enum(INCIDENT_STATUSES).default("RAISED" satisfies IncidentStatus),
      /** When it happened (UTC; entered on the project's clock: decision 029). */
      occurredAt: p.datetime(),
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      description: p.text().nullable(),
      impactAreas: p.json<ImpactArea[]>(),
      reporter: () => p.manyToOne(User).nullable().deleteRule("set null"),
      /** The SHE person who evaluates and investigates it. */
      shePerson: () => p.manyToOne(User).nullable().deleteRule("set null"),
      locked: p.boolean().default(false),
      // Rail.
      railCategory: p.string().length(200).nullable(),
      railCause: p.string().length(200).nullable(),
      railImmediateAction: p.text().nullable(),
      railNotificationDetails: p.string().length(200).nullable(),
      railDescription: p.text().nullable(),
      // Security.
      securityDescription: p.text().nullable(),
      securityImmediateAction: p.text().nullable(),
      securityPoliceReportNumber: p.string().length(50).nullable(),
      // Hazard.
      hazardReportType: p.string().length(200).nullable(),
      hazardSource: p.string().length(200).nullable(),
      hazardPotentialActual: p.string().length(200).nullable(),
      hazardPlantDamageLocation: p.string().length(200).nullable(),
      hazardDetails: p.text().nullable(),
      hazardImmediateAction: p.text().nullable(),
      // Investigation: PEEPO, root cause (events, factors and corrective actions are rows).
      peepoPeople: p.text().nullable(),
      peepoEnvironment: p.text().nullable(),
      peepoEquipment: p.text().nullable(),
      peepoProcedures: p.text().nullable(),
      peepoOrganisation: p.text().nullable(),
      rootCause: p.text().nullable(),
      // Sign-off.
      reportCompletedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      reviewedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      reviewerRole: p.enum(REVIEWER_ROLES).nullable(),
      signOffComment: p.text().nullable(),
      /** The reviewer's signature as an image data URL (the core signature pad's output). */
      signature: p.text().nullable(),
      signedOn: p.date().nullable(),
      submittedAt: p.datetime().nullable(),
      evaluatedAt: p.datetime().nullable(),
      investigatedAt: p.datetime().nullable(),
      closedAt: p.datetime().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number or title), views, filters and orders.
    indexes: [
      numberOrTitleSearchIndex("safety_incident"),
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "reporter"] },
      { properties: ["project", "shePerson"] },
      { properties: ["project", "occurredAt"] },
      { properties: ["project", "location"] },
      {
        name: "safety_incident_impact_areas_index",
        expression: `create index "safety_incident_impact_areas_index" on "safety_incident" using gin ("impact_areas" jsonb_path_ops)`,
      },
    ],
    // SafetyIncidentStatusTotal's bookkeeping (migration incident_register_totals).
    triggers: statusTotalTriggers("safety_incident"),
  }),
);

/**
 * How many incidents a project has in each state, kept by statement triggers on `safety_incident`
 * (server/db/status-totals.ts): the register's unfiltered and state-filtered totals are a read of five
 * rows, not a count over 100,000 incidents. Never written by the application.
 */
export const SafetyIncidentStatusTotal = defineEntity({
  name: "SafetyIncidentStatusTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    status: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});
export type ISafetyIncident = InferEntity<typeof SafetyIncident>;

const incidentChild = () => ({
  id: idProperty(),
  project: () => p.manyToOne(Project).deleteRule("cascade"),
  incident: () => p.manyToOne(SafetyIncident).deleteRule("cascade"),
});

/** A person hurt in the incident (spec 3 injured person); their classification feeds LTIFR and TRIFR. */
export const SafetyIncidentInjuredPerson = projectOwned(
  defineEntity({
    name: "SafetyIncidentInjuredPerson",
    properties: {
      ...incidentChild(),
      fullName: p.string().length(200),
      employer: p.string().length(200).nullable(),
      employmentStatus: p.enum(EMPLOYMENT_STATUSES).nullable(),
      dateOfBirth: p.date().nullable(),
      age: p.integer().nullable(),
      occupation: p.string().length(200).nullable(),
      supervisor: p.string().length(200).nullable(),
      bodyPart: p.string().length(200).nullable(),
      injuryDescription: p.text().nullable(),
      classification: p.enum(injuryClassifications),
      nature: p.string().length(200).nullable(),
      mechanism: p.string().length(200).nullable(),
      agency: p.string().length(200).nullable(),
      shiftPortion: p.enum(SHIFT_PORTIONS).nullable(),
      /** Full shifts lost after the day of injury (a lost time injury has at least one). */
      daysLost: p.integer().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [{ properties: ["incident"] }, { properties: ["project", "classification"] }],
  }),
);
export type ISafetyIncidentInjuredPerson = InferEntity<typeof SafetyIncidentInjuredPerson>;

/** A drug and alcohol test of a person involved (spec 3). Company is taken from the member when one is picked. */
export const SafetyIncidentDrugTest = projectOwned(
  defineEntity({
    name: "SafetyIncidentDrugTest",
    properties: {
      ...incidentChild(),
      member: () => p.manyToOne(User).nullable().deleteRule("set null"),
      memberName: p.string().length(200),
      position: p.string().length(200).nullable(),
      company: p.string().length(200).nullable(),
      testedOn: p.date().nullable(),
      drugDetected: p.string().length(200).nullable(),
      reasonForTest: p.string().length(200).nullable(),
      initialBac: p.decimal().precision(5).scale(3).nullable(),
      secondaryBac: p.decimal().precision(5).scale(3).nullable(),
      additionalInformation: p.text().nullable(),
      prescriptionMedication: p.boolean().default(false),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["incident"] }],
  }),
);
export type ISafetyIncidentDrugTest = InferEntity<typeof SafetyIncidentDrugTest>;

/**
 * A victim: someone harmed by the incident other than by a bodily injury recorded in the injury details
 * (assaulted, threatened, robbed, their property damaged; a member of the public affected). README.
 */
export const SafetyIncidentVictim = projectOwned(
  defineEntity({
    name: "SafetyIncidentVictim",
    properties: {
      ...incidentChild(),
      fullName: p.string().length(200),
      contact: p.string().length(200).nullable(),
      company: p.string().length(200).nullable(),
      /** How the incident affected them. */
      harm: p.text().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [{ properties: ["incident"] }],
  }),
);
export type ISafetyIncidentVictim = InferEntity<typeof SafetyIncidentVictim>;

/** Someone who saw the incident, and what they said. */
export const SafetyIncidentWitness = projectOwned(
  defineEntity({
    name: "SafetyIncidentWitness",
    properties: {
      ...incidentChild(),
      fullName: p.string().length(200),
      contact: p.string().length(200).nullable(),
      company: p.string().length(200).nullable(),
      statement: p.text().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [{ properties: ["incident"] }],
  }),
);
export type ISafetyIncidentWitness = InferEntity<typeof SafetyIncidentWitness>;

/** One line of the investigation's sequence of events, in order. */
export const SafetyIncidentEvent = projectOwned(
  defineEntity({
    name: "SafetyIncidentEvent",
    properties: {
      ...incidentChild(),
      sortOrder: p.integer(),
      /** When, as the investigator knows it ("06:45", "the day before"). */
      timeLabel: p.string().length(50).nullable(),
      description: p.text(),
    },
    indexes: [{ properties: ["incident", "sortOrder"] }],
  }),
);
export type ISafetyIncidentEvent = InferEntity<typeof SafetyIncidentEvent>;

/** A contributing factor under one of the five cause groups (spec 9). */
export const SafetyIncidentFactor = projectOwned(
  defineEntity({
    name: "SafetyIncidentFactor",
    properties: {
      ...incidentChild(),
      causeGroup: p.enum(CAUSE_GROUPS),
      description: p.text(),
      sortOrder: p.integer(),
    },
    indexes: [{ properties: ["incident", "sortOrder"] }],
  }),
);
export type ISafetyIncidentFactor = InferEntity<typeof SafetyIncidentFactor>;

/**
 * A row of the corrective action plan: the action, the person responsible, the date. Submitting the
 * investigation raises each row as a safety action (`action`, sourceType "incident").
 */
export const SafetyIncidentCorrectiveAction = projectOwned(
  defineEntity({
    name: "SafetyIncidentCorrectiveAction",
    properties: {
      ...incidentChild(),
      sortOrder: p.integer(),
      description: p.string().length(200),
      responsible: () => p.manyToOne(User).nullable().deleteRule("set null"),
      dueDate: p.date().nullable(),
      /** The safety action raised from the row (SafetyAction.id), once the investigation is submitted. */
      actionId: p.uuid().nullable(),
    },
    indexes: [{ properties: ["incident", "sortOrder"] }],
  }),
);
export type ISafetyIncidentCorrectiveAction = InferEntity<typeof SafetyIncidentCorrectiveAction>;

/** One choice of a project's incident reference list (spec 9 categories), managed at /safety/setting/reference-lists. */
export const SafetyIncidentReferenceItem = projectOwned(
  defineEntity({
    name: "SafetyIncidentReferenceItem",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      category: p.enum(REFERENCE_CATEGORIES),
      label: p.string().length(200),
      /** The label folded for comparison, so a list cannot hold "Fall" and "fall ". */
      labelKey: p.string().length(200),
      sortOrder: p.integer().default(0),
      archived: p.boolean().default(false),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "category", "labelKey"] }],
    indexes: [{ properties: ["project", "category", "sortOrder"] }],
  }),
);
export type ISafetyIncidentReferenceItem = InferEntity<typeof SafetyIncidentReferenceItem>;

export const incidentEntities = [
  SafetyIncident,
  SafetyIncidentStatusTotal,
  SafetyIncidentInjuredPerson,
  SafetyIncidentDrugTest,
  SafetyIncidentVictim,
  SafetyIncidentWitness,
  SafetyIncidentEvent,
  SafetyIncidentFactor,
  SafetyIncidentCorrectiveAction,
  SafetyIncidentReferenceItem,
];
