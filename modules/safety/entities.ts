import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties, numberOrTitleSearchIndex } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import {
  ACTION_STATUSES,
  type ActionStatus,
  RISK_RANKINGS,
  type RiskRanking,
} from "./domain/action-workflow";

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
      { properties: ["project", "createdBy"] },
      { properties: ["sourceType", "sourceId"] },
    ],
  }),
);
export type ISafetyAction = InferEntity<typeof SafetyAction>;

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

// --- Incidents: the tables are in incident-entities.ts. ---
export * from "./incident-entities";

import { incidentEntities } from "./incident-entities";
// --- end incidents ---

export const safetyEntities = [SafetyAction, SafetyActionWatcher, SafetyActionComment, ...incidentEntities];
