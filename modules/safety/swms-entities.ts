import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Company } from "../../server/db/entities/company";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties, numberOrTitleSearchIndex } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { CONSEQUENCES, LIKELIHOODS, SWMS_TYPES } from "./domain/swms-reference";
import { SWMS_STATUSES, type SwmsStatus } from "./domain/swms-workflow";

/**
 * A safe work method statement (README "SWMS"): the company (subcontractor) doing the work, how it was
 * made (written here: system; uploaded: product), whether it is high-risk construction work and which r291
 * categories it covers, and, when written, its steps.
 */
export const SafetySwms = projectOwned(
  defineEntity({
    name: "SafetySwms",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      title: p.string().length(200),
      type: p.enum(SWMS_TYPES),
      // Restrict: a company with SWMS on a project is not deleted from under them.
      company: () => p.manyToOne(Company).deleteRule("restrict"),
      description: p.text().nullable(),
      highRisk: p.boolean().default(false),
      /** The r291 categories it covers (domain/swms-reference HIGH_RISK_CATEGORIES). */
      highRiskCategories: p.array().default([]),
      status: p.enum(SWMS_STATUSES).default("draft" satisfies SwmsStatus),
      /** Who did the initial review of a high-risk SWMS: the final review is someone else's. */
      initialReviewer: () => p.manyToOne(User).nullable().deleteRule("set null"),
      /** Who signed it off (accepted or not accepted), and when. */
      signedOffBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      signedOffAt: p.datetime().nullable(),
      submittedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number or title), tabs, filters and orders.
    indexes: [
      numberOrTitleSearchIndex("safety_swms"),
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "type", "sequence"] },
      { properties: ["project", "company", "sequence"] },
      { properties: ["project", "highRisk", "sequence"] },
      { properties: ["project", "createdBy"] },
      { properties: ["project", "title"] },
    ],
  }),
);
export type ISafetySwms = InferEntity<typeof SafetySwms>;

/** One step of a written SWMS: the job step, its hazards, the controls, the risk before and after them. */
export const SafetySwmsStep = projectOwned(
  defineEntity({
    name: "SafetySwmsStep",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      swms: () => p.manyToOne(SafetySwms).deleteRule("cascade"),
      sortOrder: p.integer(),
      activity: p.string().length(500),
      hazards: p.text(),
      controls: p.text(),
      likelihoodBefore: p.enum(LIKELIHOODS),
      consequenceBefore: p.enum(CONSEQUENCES),
      likelihoodAfter: p.enum(LIKELIHOODS),
      consequenceAfter: p.enum(CONSEQUENCES),
    },
    indexes: [{ properties: ["swms", "sortOrder"] }],
  }),
);
export type ISafetySwmsStep = InferEntity<typeof SafetySwmsStep>;

export const swmsEntities = [SafetySwms, SafetySwmsStep];
