import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { statusTotalTriggers } from "~/server/db/status-totals";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties, numberOrTitleSearchIndex } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { auditEntities } from "./audit-entities";
import {
  ACTION_STATUSES,
  type ActionStatus,
  RISK_RANKINGS,
  type RiskRanking,
} from "./domain/action-workflow";
import { ENFORCEMENT_OBJECT_TYPES, ENFORCEMENT_RESULTS } from "./domain/enforcement-scan";
import {
  OBSERVATION_KINDS,
  OBSERVATION_STATUSES,
  type ObservationStatus,
} from "./domain/observation-workflow";
import { incidentEntities } from "./incident-entities";
import { permitEntities } from "./permit-entities";
import { swmsEntities } from "./swms-entities";
import { talkEntities } from "./talk-entities";

/**
 * The safety module's tables. Every record is `projectOwned`, so a request only ever reads its own
 * project's actions.
 */

/** A safety action (README "Actions"): what must be done to make the site safe, by whom, by when. */
export const SafetyAction = projectOwned(
  defineEntity({
    name: "SafetyAction",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      title: p.string().length(200),
      description: p.text().nullable(),
      /** A free word that groups actions ("Housekeeping", "Working at height"); the register filters on it. */
      label: p.string().length(100).nullable(),
      status: p.enum(ACTION_STATUSES).default("open" satisfies ActionStatus),
      riskRanking: p.enum(RISK_RANKINGS).default("medium" satisfies RiskRanking),
      assignee: () => p.manyToOne(User).nullable().deleteRule("set null"),
      dueDate: p.date().nullable(),
      /** Where the action was raised from ("incident", "observation") and that record's id; null when raised on its own. */
      sourceType: p.string().length(32).nullable(),
      sourceId: p.uuid().nullable(),
      completedAt: p.datetime().nullable(),
      closedAt: p.datetime().nullable(),
      /** The creator: closes the action (with the managers) once the assignee has completed it. */
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number or title, any part, any case), tabs, filters and orders.
    indexes: [
      numberOrTitleSearchIndex("safety_action"),
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "assignee", "status"] },
      { properties: ["project", "riskRanking", "sequence"] },
      { properties: ["project", "label"] },
      { properties: ["project", "dueDate"] },
      // The due filters keep to open work: their count is an index range per open status.
      { properties: ["project", "status", "dueDate"] },
      // Created by (the search's creator half, My Actions' created half counted without the rows).
      { properties: ["project", "createdBy", "assignee"] },
      { properties: ["sourceType", "sourceId"] },
    ],
    // SafetyActionStatusTotal's bookkeeping (its function is created by the action_register_totals
    // migration); declared here so the schema diff knows them and never proposes to drop them.
    triggers: statusTotalTriggers("safety_action"),
  }),
);
export type ISafetyAction = InferEntity<typeof SafetyAction>;

/**
 * How many actions a project has in each status, kept by statement triggers on `safety_action` in the
 * transaction that writes them (migration action_register_totals): the register's unfiltered and
 * status-filtered totals are a read of four rows, not a count over 100,000 actions. Never written by the
 * application.
 */
export const SafetyActionStatusTotal = defineEntity({
  name: "SafetyActionStatusTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    status: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});

/** Someone told of an action's assignment and closure besides its assignee and creator. */
export const SafetyActionWatcher = projectOwned(
  defineEntity({
    name: "SafetyActionWatcher",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      action: () => p.manyToOne(SafetyAction).deleteRule("cascade"),
      user: () => p.manyToOne(User).deleteRule("cascade"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["action", "user"] }],
    indexes: [{ properties: ["project", "user"] }],
  }),
);
export type ISafetyActionWatcher = InferEntity<typeof SafetyActionWatcher>;

/** One message of an action's comment thread. */
export const SafetyActionComment = projectOwned(
  defineEntity({
    name: "SafetyActionComment",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      action: () => p.manyToOne(SafetyAction).deleteRule("cascade"),
      author: () => p.manyToOne(User).nullable().deleteRule("set null"),
      body: p.text(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["action", "createdAt"] }],
  }),
);
export type ISafetyActionComment = InferEntity<typeof SafetyActionComment>;

// --- Safety settings: hours worked (issue #13, settings part) ---------------------------------------

/**
 * Person-hours worked on the project in one calendar month, as entered on /safety/setting: what LTIFR and
 * TRIFR divide by until In/Out's records provide the hours (server/hours-worked.server.ts, the swappable source).
 */
export const SafetyHoursWorked = projectOwned(
  defineEntity({
    name: "SafetyHoursWorked",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      /** The month's first day (YYYY-MM-01). */
      month: p.date(),
      /** Person-hours, two decimals, at most 10,000,000 a month (domain/hours-months.ts). */
      hours: p.decimal("number").precision(10).scale(2),
      /** Who entered the figure in force. */
      enteredBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    // One figure a month; the unique index also serves every "months of a project between" query.
    uniques: [{ properties: ["project", "month"] }],
  }),
);
export type ISafetyHoursWorked = InferEntity<typeof SafetyHoursWorked>;

export const safetySettingsEntities = [SafetyHoursWorked];
// --- end of safety settings ------------------------------------------------------------------------
// --- Observations and enforcement scans (issue #13, decision 031) -------------------------------------

/** What someone saw on site: a positive observation, an unsafe act or an unsafe condition (README "Observations"). */
export const SafetyObservation = projectOwned(
  defineEntity({
    name: "SafetyObservation",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      kind: p.enum(OBSERVATION_KINDS),
      title: p.string().length(200),
      description: p.text().nullable(),
      // Restrict: a location in use is never deleted from under it (the setup registers the usage).
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      /** The day it was seen (a site day, as the diary keeps them); the time it was raised is createdAt. */
      observedOn: p.date(),
      status: p.enum(OBSERVATION_STATUSES).default("open" satisfies ObservationStatus),
      /** Put right by the observer there and then: raised closed, with nobody to assign. */
      rectifiedOnSpot: p.boolean().default(false),
      assignee: () => p.manyToOne(User).nullable().deleteRule("set null"),
      completedAt: p.datetime().nullable(),
      closedAt: p.datetime().nullable(),
      /** The raiser: checks the work (with the managers) once the assignee has completed it. */
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number or title), filters and orders.
    indexes: [
      numberOrTitleSearchIndex("safety_observation"),
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "kind", "sequence"] },
      { properties: ["project", "location"] },
      { properties: ["project", "assignee", "status"] },
      { properties: ["project", "observedOn", "sequence"] },
      { properties: ["project", "createdBy"] },
    ],
  }),
);
export type ISafetyObservation = InferEntity<typeof SafetyObservation>;

/** One enforcement scan: an object on site checked, PASS or FAIL (README "Enforcement"). Never edited. */
export const SafetyEnforcementScan = projectOwned(
  defineEntity({
    name: "SafetyEnforcementScan",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      objectType: p.enum(ENFORCEMENT_OBJECT_TYPES),
      /** The scanned tag or ID as the site knows it ("PM-0042", a worker's card number), folded to capitals. */
      objectId: p.string().length(100),
      /** Who or what it is ("Komatsu PC210 excavator", "Sam Lee"), as written at the scan. */
      objectName: p.string().length(200),
      /** The activity or process under way ("Excavation zone B"). */
      activity: p.string().length(200).nullable(),
      comment: p.text().nullable(),
      ncrRaised: p.boolean().default(false),
      status: p.enum(ENFORCEMENT_RESULTS),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    indexes: [
      {
        name: "safety_enforcement_scan_search_trgm_index",
        expression: `create index "safety_enforcement_scan_search_trgm_index" on "safety_enforcement_scan" using gin ((("number")::text || ' ' || ("object_id")::text || ' ' || ("object_name")::text) gin_trgm_ops)`,
      },
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "objectType", "sequence"] },
      // The register sorted by tag.
      { properties: ["project", "objectId", "sequence"] },
      // One object's history, in time order.
      {
        name: "safety_enforcement_scan_object_history_index",
        properties: ["project", "objectType", "objectId", "sequence"],
      },
      { properties: ["project", "createdAt"] },
    ],
  }),
);
export type ISafetyEnforcementScan = InferEntity<typeof SafetyEnforcementScan>;

// Audits and inspections: their tables are in audit-entities.ts.
export * from "./audit-entities";
// Incidents: their tables are in incident-entities.ts.
export * from "./incident-entities";
// Permits to work and safety data sheets: permit-entities.ts.
export * from "./permit-entities";
// SWMS: swms-entities.ts.
export * from "./swms-entities";
// Talks and the sign-on: their tables are in talk-entities.ts.
export * from "./talk-entities";

export const safetyEntities = [
  SafetyAction,
  SafetyActionStatusTotal,
  SafetyActionWatcher,
  SafetyActionComment,
  ...safetySettingsEntities,
  SafetyObservation,
  SafetyEnforcementScan,
  ...incidentEntities,
  ...auditEntities,
  ...talkEntities,
  ...swmsEntities,
  ...permitEntities,
];
