import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import {
  type ChecklistItem,
  PERMIT_STATUSES,
  PERMIT_TYPES,
  type PermitStatus,
} from "./domain/permit-workflow";
import { SDS_STATUSES, type SdsStatus } from "./domain/sds-workflow";

/**
 * Permits to work and safety data sheets (README "Permits to work and SDS", decision 034). Every record is
 * `projectOwned`. Validity and expiry are computed from the dates, never stored.
 */

/** A permit to work: what work, where, by whom, authorised by whom, for which period, on which conditions. */
export const SafetyPermit = projectOwned(
  defineEntity({
    name: "SafetyPermit",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      type: p.enum(PERMIT_TYPES),
      /** The work the permit covers ("Welding the handrail brackets, level 3"). */
      title: p.string().length(200),
      description: p.text().nullable(),
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      /** The period, stored UTC; entered and shown on the project's clock (decision 029). */
      validFrom: p.datetime(),
      validTo: p.datetime(),
      /** Who authorises the work (signs the approval). */
      issuer: () => p.manyToOne(User).nullable().deleteRule("set null"),
      /** Who is in charge of the work under the permit. */
      receiver: () => p.manyToOne(User).nullable().deleteRule("set null"),
      /** The conditions and precautions the work is done under. */
      conditions: p.text().nullable(),
      /** The type's checklist, each item answered yes, no or N/A (null until answered). */
      checklist: p.json<ChecklistItem[]>(),
      status: p.enum(PERMIT_STATUSES).default("IN_PROGRESS" satisfies PermitStatus),
      submittedAt: p.datetime().nullable(),
      approvedAt: p.datetime().nullable(),
      closedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number or title), filters (state, type, validity) and orders.
    indexes: [
      {
        name: "safety_permit_search_trgm_index",
        expression: `create index "safety_permit_search_trgm_index" on "safety_permit" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops)`,
      },
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "type", "sequence"] },
      { properties: ["project", "validTo", "sequence"] },
      { properties: ["project", "status", "validFrom", "validTo"] },
      { properties: ["project", "validFrom", "sequence"] },
      { properties: ["project", "location"] },
    ],
  }),
);
export type ISafetyPermit = InferEntity<typeof SafetyPermit>;

/** A signature given on a permit's step: the issuer's approval, the close-out. */
export const SafetyPermitSignature = projectOwned(
  defineEntity({
    name: "SafetyPermitSignature",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      permit: () => p.manyToOne(SafetyPermit).deleteRule("cascade"),
      /** The step signed: approve or close. */
      step: p.string().length(20),
      signer: () => p.manyToOne(User).nullable().deleteRule("set null"),
      /** The signer's name as signed (typed, or the signed-in user's for a drawing). */
      signedName: p.string().length(200),
      /** The drawing as a PNG data URL; null when the name was typed. */
      signature: p.text().nullable(),
      comment: p.text().nullable(),
      signedAt: createdAtProperty(),
    },
    indexes: [{ properties: ["permit", "signedAt"] }],
  }),
);
export type ISafetyPermitSignature = InferEntity<typeof SafetyPermitSignature>;

/** A safety data sheet of a product used on site; its file is a core attachment (entity type safety-sds). */
export const SafetySds = projectOwned(
  defineEntity({
    name: "SafetySds",
    tableName: "safety_sds",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      product: p.string().length(200),
      supplier: p.string().length(200),
      issueDate: p.date(),
      expiryDate: p.date(),
      status: p.enum(SDS_STATUSES).default("IN_PROGRESS" satisfies SdsStatus),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    indexes: [
      {
        name: "safety_sds_search_trgm_index",
        expression: `create index "safety_sds_search_trgm_index" on "safety_sds" using gin ((("number")::text || ' ' || ("product")::text || ' ' || ("supplier")::text) gin_trgm_ops)`,
      },
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "expiryDate", "sequence"] },
    ],
  }),
);
export type ISafetySds = InferEntity<typeof SafetySds>;

export const permitEntities = [SafetyPermit, SafetyPermitSignature, SafetySds];
