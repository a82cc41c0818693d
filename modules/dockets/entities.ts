import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Company } from "../../server/db/entities/company";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import { statusTotalTriggers } from "../../server/db/status-totals";
import { DOCKET_STATUSES, DOCKET_TYPES, type DocketStatus } from "./domain/docket-workflow";

/**
 * Dockets (README, decision 043): site dockets of a project — the paper a subcontractor or supplier hands over
 * for labour, plant or materials — with their priced items, the intray of scanned dockets waiting to be written
 * up, and the project's resource rates that price the items. Money is integer cents (bigint columns read as
 * numbers: exact up to 90 trillion dollars); quantities are `numeric` read as decimal text, never a float.
 */

/** A rate the project agreed for a resource (a labourer's hour, an excavator's day, a tonne of fill). */
export const ResourceRate = projectOwned(
  defineEntity({
    name: "ResourceRate",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      code: p.string().length(50),
      title: p.string().length(200),
      unitOfMeasure: p.string().length(20),
      unitPriceCents: p.bigint("number"),
      /** The quantity and amount of the contract the rate belongs to (spec 3 "total contract quantity/amount"). */
      totalContractQuantity: p.decimal("string").precision(14).scale(3).nullable(),
      totalContractAmountCents: p.bigint("number").nullable(),
      /** The company the rate was agreed with; null for a rate any company's dockets may use. */
      company: () => p.manyToOne(Company).nullable().deleteRule("set null"),
      /** The ACC cost account (budget code) its cost goes to when posted. */
      costAccount: p.string().length(50).nullable(),
      /** A rate no longer offered for new items; the items priced with it keep their price. */
      active: p.boolean().default(true),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "code"] }],
    indexes: [{ properties: ["project", "active", "code"] }],
  }),
);
export type IResourceRate = InferEntity<typeof ResourceRate>;

/** A site docket. Numbered DKT-0001 per project. */
export const Docket = projectOwned(
  defineEntity({
    name: "Docket",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      /** The day the work was done or the goods delivered, as written on the docket. */
      docketDate: p.date(),
      status: p.enum(DOCKET_STATUSES).default("draft" satisfies DocketStatus),
      /** The subcontractor or supplier whose docket it is. Required to submit. */
      company: () => p.manyToOne(Company).nullable().deleteRule("restrict"),
      /** The company's ABN as written on the docket (searched), copied from the company's tax id by default. */
      abn: p.string().length(20).nullable(),
      poNumber: p.string().length(50).nullable(),
      type: p.enum(DOCKET_TYPES).nullable(),
      costAccount: p.string().length(50).nullable(),
      task: p.string().length(200).nullable(),
      workOrder: p.string().length(50).nullable(),
      area: () => p.manyToOne(Location).nullable().deleteRule("set null"),
      /** Cost and Commercial's subcontract (linked-records kind cncSubContract); no foreign key across modules. */
      subcontractId: p.uuid().nullable(),
      receivedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      receivedOn: p.date().nullable(),
      /** Who approves it: the register's "Assigned To Me" tab. */
      forApprovalBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      approvedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      approvedAt: p.datetime().nullable(),
      comments: p.text().nullable(),
      /** The sum of its items' amounts, kept with every change of its items in the same transaction. */
      totalCents: p.bigint("number").default(0),
      /** The subcontractor's supervisor's sign-off through the signing link (typed name, when). */
      supervisorName: p.string().length(200).nullable(),
      supervisorSignedAt: p.datetime().nullable(),
      /** ACC's expense id once ACC confirmed the post; the state becomes posted at the same time. */
      accExpenseId: p.string().length(100).nullable(),
      postedAt: p.datetime().nullable(),
      /** When posting was asked (the job queued) and the last failure, shown on the docket until it posts. */
      postRequestedAt: p.datetime().nullable(),
      postError: p.text().nullable(),
      /** The subcontract payment claim that took it in (Cost and Commercial's id; subcontract.work). */
      claimId: p.uuid().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register: search by number or ABN, filters status / type / area / company, the Assigned To Me tab,
    // newest first; a subcontract's unclaimed work for its next claim.
    indexes: [
      {
        name: "docket_search_trgm_index",
        expression: `create index "docket_search_trgm_index" on "docket" using gin ((("number")::text || ' ' || coalesce("abn", '')::text) gin_trgm_ops)`,
      },
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "type", "sequence"] },
      { properties: ["project", "area", "sequence"] },
      { properties: ["project", "company", "sequence"] },
      { properties: ["project", "forApprovalBy", "sequence"] },
      { properties: ["project", "subcontractId", "claimId", "docketDate"] },
      { properties: ["project", "claimId"] },
    ],
    triggers: statusTotalTriggers("docket"),
  }),
);
export type IDocket = InferEntity<typeof Docket>;

/** How many dockets a project has in each state (server/db/status-totals.ts). Never written by the application. */
export const DocketStatusTotal = defineEntity({
  name: "DocketStatusTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    status: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});

/** A line of a docket: a resource, how much of it, at what price. amount = unit price × quantity, in cents. */
export const DocketItem = projectOwned(
  defineEntity({
    name: "DocketItem",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      docket: () => p.manyToOne(Docket).deleteRule("cascade"),
      position: p.integer(),
      /** The rate it was priced from; the item keeps its own copy of code, title, unit and price. */
      resourceRate: () => p.manyToOne(ResourceRate).nullable().deleteRule("set null"),
      code: p.string().length(50),
      title: p.string().length(200),
      unitOfMeasure: p.string().length(20),
      unitPriceCents: p.bigint("number"),
      quantity: p.decimal("string").precision(14).scale(3),
      amountCents: p.bigint("number"),
      costAccount: p.string().length(50).nullable(),
      /** ACC's expense item id once posted. */
      accItemId: p.string().length(100).nullable(),
    },
    indexes: [{ properties: ["docket", "position"] }],
  }),
);
export type IDocketItem = InferEntity<typeof DocketItem>;

/** A comment on a docket (the Comments tab). */
export const DocketComment = projectOwned(
  defineEntity({
    name: "DocketComment",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      docket: () => p.manyToOne(Docket).deleteRule("cascade"),
      author: () => p.manyToOne(User).nullable().deleteRule("set null"),
      body: p.text(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["docket", "createdAt"] }],
  }),
);
export type IDocketComment = InferEntity<typeof DocketComment>;

/**
 * A photo or scan of a paper docket waiting in the intray (its file a core attachment of entity type
 * "dockets.intray"), with what is already known of the docket; active until it is written up or set aside.
 */
export const IntrayItem = projectOwned(
  defineEntity({
    name: "IntrayItem",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      imageName: p.string().length(255),
      /** The attachment holding the image. */
      attachmentId: p.uuid(),
      active: p.boolean().default(true),
      /** Docket fields known on upload (company, date, PO number…), copied into the new docket's form. */
      docketFields: p.json<Record<string, string>>().nullable(),
      /** The docket written up from it. */
      docket: () => p.manyToOne(Docket).nullable().deleteRule("set null"),
      uploadedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["project", "active", "createdAt"] }],
  }),
);
export type IIntrayItem = InferEntity<typeof IntrayItem>;

export const docketEntities = [
  ResourceRate,
  Docket,
  DocketStatusTotal,
  DocketItem,
  DocketComment,
  IntrayItem,
];
