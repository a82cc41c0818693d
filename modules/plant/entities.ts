import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Company } from "../../server/db/entities/company";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { statusTotalTriggers } from "../../server/db/status-totals";
import { CHECK_RESULTS, type CheckItem, type CheckResult, DOCUMENT_KINDS } from "./domain/plant-rules";
import { PLANT_STATUSES, type PlantStatus } from "./domain/plant-workflow";

/**
 * Plant and machinery (README, decision 038): the plant items of a project with their documents, pre-start
 * checks and inspections. Every record is `projectOwned`.
 */

/** A plant item on the project: what it is, whose it is, and when it is on hire. Numbered PLT-0001. */
export const PlantItem = projectOwned(
  defineEntity({
    name: "PlantItem",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      make: p.string().length(100),
      model: p.string().length(100),
      /** Its registration or serial number, as written on the plant. */
      serial: p.string().length(100),
      /** The same, trimmed, folded and in capitals: how an enforcement scan's tag finds it. */
      serialKey: p.string().length(100),
      /** The company that owns or hires it out; a company is not deleted from under its plant. */
      ownerCompany: () => p.manyToOne(Company).deleteRule("restrict"),
      description: p.text().nullable(),
      onHireDate: p.date().nullable(),
      offHireDate: p.date().nullable(),
      status: p.enum(PLANT_STATUSES).default("IN_PROGRESS" satisfies PlantStatus),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number, make, model, serial), filters (state, owner, on site) and orders.
    indexes: [
      {
        name: "plant_item_search_trgm_index",
        expression: `create index "plant_item_search_trgm_index" on "plant_item" using gin ((("number")::text || ' ' || ("make")::text || ' ' || ("model")::text || ' ' || ("serial")::text) gin_trgm_ops)`,
      },
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "ownerCompany", "sequence"] },
      { properties: ["project", "make", "sequence"] },
      { properties: ["project", "onHireDate", "sequence"] },
      { properties: ["project", "status", "onHireDate", "offHireDate"] },
      { properties: ["project", "serialKey"] },
    ],
    // PlantItemStatusTotal's bookkeeping (server/db/status-totals.ts, created by the plant migration).
    triggers: statusTotalTriggers("plant_item"),
  }),
);
export type IPlantItem = InferEntity<typeof PlantItem>;

/**
 * How many plant items a project has in each state, kept by statement triggers on `plant_item` in the
 * transaction that writes them: the register's unfiltered and state-filtered totals are a read of five rows.
 * Never written by the application.
 */
export const PlantItemStatusTotal = defineEntity({
  name: "PlantItemStatusTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    status: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});

/** A document of a plant item (registration, service record, insurance…) with its expiry; its file is a core attachment. */
export const PlantDocument = projectOwned(
  defineEntity({
    name: "PlantDocument",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      plant: () => p.manyToOne(PlantItem).deleteRule("cascade"),
      kind: p.enum(DOCUMENT_KINDS),
      title: p.string().length(200),
      expiryDate: p.date().nullable(),
      /** The expiry date the "expiring" notice was sent for (a renewed date is told again). */
      expiringNoticeFor: p.date().nullable(),
      /** The expiry date the "expired" notice was sent for. */
      expiredNoticeFor: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    // The register's document filters (a plant's documents by expiry) and the daily notices (the project's by expiry).
    indexes: [{ properties: ["plant", "expiryDate"] }, { properties: ["project", "expiryDate"] }],
  }),
);
export type IPlantDocument = InferEntity<typeof PlantDocument>;

/** A pre-start check: the checklist's items each pass, fail or N/A with a comment; FAIL when any fails. */
export const PlantCheck = projectOwned(
  defineEntity({
    name: "PlantCheck",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      plant: () => p.manyToOne(PlantItem).deleteRule("cascade"),
      checkedOn: p.date(),
      /** Who operated the plant and did the check (a name: an operator may have no account). */
      operator: p.string().length(200),
      items: p.json<CheckItem[]>(),
      result: p.enum(CHECK_RESULTS).$type<CheckResult>(),
      comment: p.text().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["plant", "checkedOn"] }, { properties: ["project", "result", "checkedOn"] }],
  }),
);
export type IPlantCheck = InferEntity<typeof PlantCheck>;

/** An inspection by a competent person: its date, the inspector, pass or fail, the next one due, notes. */
export const PlantInspection = projectOwned(
  defineEntity({
    name: "PlantInspection",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      plant: () => p.manyToOne(PlantItem).deleteRule("cascade"),
      inspectedOn: p.date(),
      inspector: p.string().length(200),
      result: p.enum(CHECK_RESULTS).$type<CheckResult>(),
      nextDueOn: p.date().nullable(),
      notes: p.text().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["plant", "inspectedOn"] }],
  }),
);
export type IPlantInspection = InferEntity<typeof PlantInspection>;

export const plantEntities = [PlantItem, PlantItemStatusTotal, PlantDocument, PlantCheck, PlantInspection];
