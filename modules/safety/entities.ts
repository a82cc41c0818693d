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
      // The due filters keep to open work: their count is an index range per open status.
      { properties: ["project", "status", "dueDate"] },
      // Created by (the search's creator half, My Actions' created half counted without the rows).
      { properties: ["project", "createdBy", "assignee"] },
      { properties: ["sourceType", "sourceId"] },
    ],
    // SafetyActionStatusTotal's bookkeeping (its function is created by the action_register_totals
    // migration); declared here so the schema diff knows them and never proposes to drop them.
    triggers: (["insert", "update", "delete"] as const).map((event) => ({
      name: `safety_action_status_total_${event}`,
      timing: "after" as const,
      events: [event],
      forEach: "statement" as const,
      expression: `create trigger safety_action_status_total_${event} after ${event} on "safety_action" referencing ${
        event === "insert"
          ? "new table as new_rows"
          : event === "update"
            ? "old table as old_rows new table as new_rows"
            : "old table as old_rows"
      } for each statement execute function safety_action_status_total_apply_changes()`,
    })),
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

export const safetyEntities = [
  SafetyAction,
  SafetyActionStatusTotal,
  SafetyActionWatcher,
  SafetyActionComment,
  ...safetySettingsEntities,
];
