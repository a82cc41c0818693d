import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { numberedProperties, numberOrTitleSearchIndex } from "~/server/db/numbered";
import { statusTotalTriggers } from "~/server/db/status-totals";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Company } from "../../server/db/entities/company";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { projectOwned } from "../../server/db/project-scope";
import {
  DEFECT_PRIORITIES,
  DEFECT_STATUSES,
  type DefectPriority,
  type DefectStatus,
} from "./domain/defect-workflow";
import { POINT_ACTIONS, POINT_STATES, type PointState } from "./domain/inspection-point-workflow";
import { INSPECTION_POINT_CODES, type InspectionPointKind } from "./domain/inspection-points";
import { ITP_STATUSES, type ItpStatus } from "./domain/itp-workflow";
import { LOT_STATUSES, LOT_SUB_STATUSES, type LotStatus, type LotSubStatus } from "./domain/lot-workflow";
import { NCR_DISPOSITIONS, NCR_STATUSES, NCR_TYPES, type NcrStatus } from "./domain/ncr-workflow";

/**
 * The quality module's tables. Every project record is `projectOwned`, so a request only ever reads its
 * own project's lots and ITPs; the global ITP library is the one table shared by all projects.
 */

const text = (length: number) => p.string().length(length).nullable();

// ---------------------------------------------------------------------------------------------------
// ITPs

/** Header fields an ITP shares with its library template (spec 3 "ITP"); project name and number come from the project. */
const itpHeaderProperties = {
  title: p.string().length(200),
  customer: text(200),
  contractNumber: text(100),
  areaSubSystem: text(200),
  lotNumber: text(100),
  description: p.text().nullable(),
  discipline: text(100),
  specification: text(500),
  drawings: text(500),
  preparedBy: text(200),
  qualitySpecified: text(200),
  certificateNumber: text(100),
};

export const Itp = projectOwned(
  defineEntity({
    name: "Itp",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      /** "ITP-0001", per project (server/db/counters). */
      number: p.string().length(20),
      ...itpHeaderProperties,
      status: p.enum(ITP_STATUSES).default("draft" satisfies ItpStatus),
      /** Raised each time a rejected ITP is revised, so reviews and exports name the revision they saw. */
      revision: p.integer().default(0),
      creationDate: p.date().nullable(),
      approvalDate: p.date().nullable(),
      /** Whoever last sent it for review: the "submitter" of the notification events. */
      submittedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      submittedAt: p.datetime().nullable(),
      /** The reason of the last rejection, shown on the ITP until it is revised. */
      lastRejectionComment: p.text().nullable(),
      /** The library template it was made from, if any. */
      template: () => p.manyToOne(ItpTemplate).nullable().deleteRule("set null"),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    indexes: [{ properties: ["project", "status"] }],
  }),
);
export type IItp = InferEntity<typeof Itp>;

/** Item fields an ITP shares with its library template (spec 3 "Items"). */
const itpItemProperties = {
  /** Order in the plan, from 1. */
  position: p.integer(),
  activity: p.string().length(500),
  inspectionPoint: p.enum(INSPECTION_POINT_CODES),
  acceptanceCriteria: p.text().nullable(),
  verifyingDocument: text(500),
  references: text(500),
  method: text(500),
  frequency: text(200),
  inspectionKey: text(100),
  subcontractorSignature: p.boolean().default(false),
  clientSignature: p.boolean().default(false),
  /** A further signature and the role that signs it ("Surveyor"), when the item needs one. */
  otherSignatureRole: text(100),
};

export const ItpItem = projectOwned(
  defineEntity({
    name: "ItpItem",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      itp: () => p.manyToOne(Itp).deleteRule("cascade"),
      ...itpItemProperties,
    },
    indexes: [{ properties: ["itp", "position"] }],
  }),
);
export type IItpItem = InferEntity<typeof ItpItem>;

export type ItpTemplateItem = {
  position: number;
  activity: string;
  inspectionPoint: InspectionPointKind;
  acceptanceCriteria: string | null;
  verifyingDocument: string | null;
  references: string | null;
  method: string | null;
  frequency: string | null;
  inspectionKey: string | null;
  subcontractorSignature: boolean;
  clientSignature: boolean;
  otherSignatureRole: string | null;
};

/**
 * The global ITP library: approved plans any project can start from ("use template"). Not project
 * owned; its items are a frozen copy (JSON) of the ITP it was added from.
 */
export const ItpTemplate = defineEntity({
  name: "ItpTemplate",
  properties: {
    id: idProperty(),
    ...itpHeaderProperties,
    items: p.json<ItpTemplateItem[]>(),
    /** Where it came from, for the record; the source may be archived or deleted later. */
    sourceProject: () => p.manyToOne(Project).nullable().deleteRule("set null"),
    sourceItpNumber: text(20),
    createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
  },
  indexes: [{ properties: ["title"] }],
});
export type IItpTemplate = InferEntity<typeof ItpTemplate>;

export const ITP_REVIEW_SCOPES = ["INTERNAL", "EXTERNAL"] as const;
export type ItpReviewScope = (typeof ITP_REVIEW_SCOPES)[number];

/**
 * A review link sent to a reviewer outside the product (the client). The token itself is never
 * stored, only its SHA-256: a leaked database cannot be turned into working links. One link serves
 * one ITP at one revision; it stops working when it expires, is revoked, or has been used.
 */
export const ItpReviewLink = projectOwned(
  defineEntity({
    name: "ItpReviewLink",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      itp: () => p.manyToOne(Itp).deleteRule("cascade"),
      scope: p.enum(ITP_REVIEW_SCOPES),
      tokenHash: p.string().length(64).unique(),
      recipientName: text(200),
      recipientEmail: p.string().length(320),
      revision: p.integer(),
      expiresAt: p.datetime(),
      revokedAt: p.datetime().nullable(),
      usedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["itp", "createdAt"] }],
  }),
);
export type IItpReviewLink = InferEntity<typeof ItpReviewLink>;

export const ITP_REVIEW_DECISIONS = ["approved", "rejected"] as const;
export type ItpReviewDecision = (typeof ITP_REVIEW_DECISIONS)[number];

/** A decision on an ITP: who (a member, or a named person through a link), when, how, why, signed. */
export const ItpReview = projectOwned(
  defineEntity({
    name: "ItpReview",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      itp: () => p.manyToOne(Itp).deleteRule("cascade"),
      scope: p.enum(ITP_REVIEW_SCOPES),
      decision: p.enum(ITP_REVIEW_DECISIONS),
      revision: p.integer(),
      reviewer: () => p.manyToOne(User).nullable().deleteRule("set null"),
      reviewerName: p.string().length(200),
      link: () => p.manyToOne(ItpReviewLink).nullable().deleteRule("set null"),
      comment: p.text().nullable(),
      /** The signature as a PNG data URL (app/ui/signature-pad), or null when signed by name only (no JavaScript). */
      signature: p.text().nullable(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["itp", "createdAt"] }],
  }),
);
export type IItpReview = InferEntity<typeof ItpReview>;

// ---------------------------------------------------------------------------------------------------
// Lots

export const Lot = projectOwned(
  defineEntity({
    name: "Lot",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      title: p.string().length(200),
      lotType: text(100),
      status: p.enum(LOT_STATUSES).default("open" satisfies LotStatus),
      subStatus: p.enum(LOT_SUB_STATUSES).nullable(),
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      area: text(200),
      activity: text(200),
      discipline: text(100),
      managedBy: text(200),
      designPackage: text(200),
      system: text(200),
      subDiscipline: text(100),
      wbs: text(100),
      assetOwner: text(200),
      engineerResponsible: text(200),
      supervisorResponsible: text(200),
      controlLine: text(100),
      chainageStart: p.double().nullable(),
      chainageEnd: p.double().nullable(),
      comment: p.text().nullable(),
      remark: p.text().nullable(),
      workPack: text(100),
      subcontractor: () => p.manyToOne(Company).nullable().deleteRule("set null"),
      zone: text(100),
      workCommencedOn: p.date().nullable(),
      scheduledStart: p.date().nullable(),
      completedOn: p.date().nullable(),
      lotOpenedOn: p.date().nullable(),
      lotCloseTarget: p.date().nullable(),
      qaCompletedOn: p.date().nullable(),
      lotClosedOn: p.date().nullable(),
      lotVerifiedBy: text(200),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's filters, its search (lot number or title, any part, any case) on a trigram index,
    // and its orders (lot-register.server.ts LOT_REGISTER_SORTS): a page is one walk of an index.
    indexes: [
      numberOrTitleSearchIndex("lot"),
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "title", "sequence"] },
      { properties: ["project", "updatedAt", "sequence"] },
      { properties: ["project", "location"] },
      { properties: ["project", "lotType"] },
      { properties: ["project", "workPack"] },
    ],
    // LotStatusTotal's bookkeeping (its function is created by the lot_status_totals migration); declared
    // here so the schema diff knows them and never proposes to drop them.
    triggers: statusTotalTriggers("lot"),
  }),
);
export type ILot = InferEntity<typeof Lot>;
export type { LotStatus, LotSubStatus };

/** An ITP assigned to a lot: the lot is built and inspected against that plan. */
export const LotItp = projectOwned(
  defineEntity({
    name: "LotItp",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade"),
      itp: () => p.manyToOne(Itp).deleteRule("restrict"),
      assignedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["lot", "itp"] }],
    // (project, itp): the HP/WP register's total counts lots per ITP from the index alone.
    indexes: [{ properties: ["itp"] }, { properties: ["project", "itp"] }],
  }),
);
export type ILotItp = InferEntity<typeof LotItp>;

export const ITEM_CHECK_STATES = ["pending", "conforming", "non_conforming", "not_applicable"] as const;
export type ItemCheckState = (typeof ITEM_CHECK_STATES)[number];

/** The check of one ITP item on one lot. No row means `pending`. */
export const LotItemCheck = projectOwned(
  defineEntity({
    name: "LotItemCheck",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade"),
      item: () => p.manyToOne(ItpItem).deleteRule("cascade"),
      state: p.enum(ITEM_CHECK_STATES).default("pending" satisfies ItemCheckState),
      comment: p.text().nullable(),
      checkedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      checkedAt: p.datetime().nullable(),
      /** Items that need the subcontractor's signature are signed by a holder of quality.lot.lot-subcontractor-sign. */
      subcontractorSignedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      subcontractorSignedAt: p.datetime().nullable(),
    },
    uniques: [{ properties: ["lot", "item"] }],
  }),
);
export type ILotItemCheck = InferEntity<typeof LotItemCheck>;

/**
 * A hold or witness point on a lot (spec 4 "HP/WP"): the state of one H or W item of the lot's ITP on this
 * lot. Its own record, not columns of LotItemCheck: the check records the inspection of the item, the point
 * the client's part in it (who called them, who released on their behalf, and later the client's own
 * release with signature and evidence). No row means `not_started`.
 */
export const LotInspectionPoint = projectOwned(
  defineEntity({
    name: "LotInspectionPoint",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade"),
      item: () => p.manyToOne(ItpItem).deleteRule("cascade"),
      state: p.enum(POINT_STATES).default("not_started" satisfies PointState),
      /** The step that set the state (record_unattended tells an unattended witness point from one not required). */
      lastAction: p.enum(POINT_ACTIONS).nullable(),
      /** The reason or comment of the last step that took one. */
      comment: p.text().nullable(),
      notifiedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      notifiedAt: p.datetime().nullable(),
      decidedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      decidedAt: p.datetime().nullable(),
      /** The day the client is asked to attend (set when notified); the HP/WP register's due and overdue. */
      dueOn: p.date().nullable(),
      /** The name the decider typed: the client's own when released through a link, who has no user. */
      decidedByName: p.string().length(200).nullable(),
      /** The decider's drawn signature as a PNG data URL, or null when signed by typed name only (no JavaScript). */
      signature: p.text().nullable(),
      /** The client's link the point was decided through (null: decided by a member). */
      link: () => p.manyToOne(LotClientLink).nullable().deleteRule("set null"),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["lot", "item"] }],
    // (project, state, dueOn) with the lot and item: the HP/WP register's due filters, due order and their
    // counts, from the index alone.
    indexes: [
      { properties: ["item"] },
      {
        name: "lot_inspection_point_project_id_state_due_on_index",
        expression: `create index "lot_inspection_point_project_id_state_due_on_index" on "lot_inspection_point" ("project_id", "state", "due_on") include ("lot_id", "item_id")`,
      },
    ],
    // InspectionPointStateTotal's bookkeeping (its function is created by the hp_wp_register migration);
    // declared here so the schema diff knows them and never proposes to drop them.
    triggers: statusTotalTriggers("lot_inspection_point", "inspection_point_state_total"),
  }),
);
export type ILotInspectionPoint = InferEntity<typeof LotInspectionPoint>;

/** What a client's link of a lot is for: releasing hold and witness points, or reviewing the lot. */
export const LOT_CLIENT_LINK_PURPOSES = ["hold-points", "lot-review"] as const;
export type LotClientLinkPurpose = (typeof LOT_CLIENT_LINK_PURPOSES)[number];

/**
 * A signed link mailed to the client (no account) for one lot (decision 022): the hold and witness points it
 * was sent for, or the lot's client review. Only the token's SHA-256 is stored. It stops working when it
 * expires, is revoked, or has been used (every point it covers decided, or the lot decided).
 */
export const LotClientLink = projectOwned(
  defineEntity({
    name: "LotClientLink",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade"),
      purpose: p.enum(LOT_CLIENT_LINK_PURPOSES),
      /** The ITP item ids of the points the link covers (empty for a lot review). */
      points: p.json<string[]>(),
      tokenHash: p.string().length(64).unique(),
      recipientName: p.string().length(200),
      recipientEmail: p.string().length(320),
      cc: p.json<string[]>(),
      /** The day the client is asked to attend (hold and witness points). */
      dueOn: p.date().nullable(),
      expiresAt: p.datetime(),
      revokedAt: p.datetime().nullable(),
      usedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["lot", "createdAt"] }],
  }),
);
export type ILotClientLink = InferEntity<typeof LotClientLink>;

export const LotEquipment = projectOwned(
  defineEntity({
    name: "LotEquipment",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade"),
      name: p.string().length(200),
      description: p.text().nullable(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["lot"] }],
  }),
);
export type ILotEquipment = InferEntity<typeof LotEquipment>;

/** Two lots that belong together (a pour and its reinforcement). Stored once, read from either side. */
export const LotRelation = projectOwned(
  defineEntity({
    name: "LotRelation",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade"),
      related: () => p.manyToOne(Lot).deleteRule("cascade"),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["lot", "related"] }],
    indexes: [{ properties: ["related"] }],
  }),
);
export type ILotRelation = InferEntity<typeof LotRelation>;

/** The DTI lot audit (spec 3), one per lot, signed by a holder of quality.lot.lot-dti-sign. */
export const LotDtiAudit = projectOwned(
  defineEntity({
    name: "LotDtiAudit",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      lot: () => p.manyToOne(Lot).deleteRule("cascade").unique(),
      auditorName: p.string().length(200),
      auditedOn: p.date(),
      processCompleted: p.boolean().default(false),
      reason: p.text().nullable(),
      comments: p.text().nullable(),
      signature: p.text().nullable(),
      signedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      signedAt: p.datetime().nullable(),
      updatedAt: updatedAtProperty(),
    },
  }),
);
export type ILotDtiAudit = InferEntity<typeof LotDtiAudit>;

/**
 * How many lots a project has in each status, kept by statement triggers on `lot` in the transaction that
 * writes the lots (migration lot_status_totals): the register's unfiltered and status-filtered totals are
 * then a read of a few rows, not a count over 100,000 lots. Never written by the application.
 */
export const LotStatusTotal = defineEntity({
  name: "LotStatusTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    status: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});

/**
 * Stored point states per ITP item, kept by statement triggers on `lot_inspection_point` (migration
 * hp_wp_register): the HP/WP register's totals by state are a read of the project's items' rows, not a
 * count over a million points. Never written by the application.
 */
export const InspectionPointStateTotal = defineEntity({
  name: "InspectionPointStateTotal",
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule("cascade"),
    item: () => p.manyToOne(ItpItem).primary().deleteRule("cascade"),
    state: p.string().length(32).primary(),
    total: p.bigint("number").default(0),
  },
});

// ---------------------------------------------------------------------------------------------------
// NCRs

/**
 * A non-conformance report (ISO 9001 8.7 and 10.2). A product NCR is raised on a lot (and optionally the
 * ITP item that failed); a system NCR is about the way of working and has neither.
 */
export const Ncr = projectOwned(
  defineEntity({
    name: "Ncr",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      type: p.enum(NCR_TYPES),
      status: p.enum(NCR_STATUSES).default("in_progress" satisfies NcrStatus),
      title: p.string().length(200),
      /** The nonconformity: what was found, where, against which requirement. */
      description: p.text(),
      lot: () => p.manyToOne(Lot).nullable().deleteRule("restrict"),
      itpItem: () => p.manyToOne(ItpItem).nullable().deleteRule("set null"),
      raisedOn: p.date(),
      containment: p.text().nullable(),
      disposition: p.enum(NCR_DISPOSITIONS).nullable(),
      /** Who authorised a "use as is" concession (the client's representative, usually). */
      concessionAuthorisedBy: text(200),
      clientToBeInformed: p.boolean().default(false),
      rootCause: p.text().nullable(),
      correctiveAction: p.text().nullable(),
      correctiveActionOwner: text(200),
      correctiveActionDue: p.date().nullable(),
      effectivenessCheck: p.text().nullable(),
      closedOn: p.date().nullable(),
      lastReturnComment: p.text().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    indexes: [
      { properties: ["project", "sequence"] },
      { properties: ["project", "type", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["lot"] },
    ],
  }),
);
export type INcr = InferEntity<typeof Ncr>;

// ---------------------------------------------------------------------------------------------------
// Punch list

/** A punch list defect (README "Punch list"): what must be fixed, where, by whom, by when. */
export const Defect = projectOwned(
  defineEntity({
    name: "Defect",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      title: p.string().length(200),
      description: p.text().nullable(),
      status: p.enum(DEFECT_STATUSES).default("draft" satisfies DefectStatus),
      priority: p.enum(DEFECT_PRIORITIES).default("normal" satisfies DefectPriority),
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      lot: () => p.manyToOne(Lot).nullable().deleteRule("set null"),
      /** The trade that fixes it. */
      company: () => p.manyToOne(Company).nullable().deleteRule("set null"),
      assignee: () => p.manyToOne(User).nullable().deleteRule("set null"),
      dueDate: p.date().nullable(),
      raisedAt: p.datetime().nullable(),
      closedAt: p.datetime().nullable(),
      /** The raiser: the draft's owner, who raises or deletes it. */
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The register's search (number or title, any part, any case), filters and orders.
    indexes: [
      numberOrTitleSearchIndex("defect"),
      { properties: ["project", "sequence"] },
      { properties: ["project", "status", "sequence"] },
      { properties: ["project", "assignee", "status"] },
      { properties: ["project", "priority", "sequence"] },
      { properties: ["project", "dueDate"] },
      { properties: ["project", "lot"] },
      { properties: ["project", "location"] },
    ],
  }),
);
export type IDefect = InferEntity<typeof Defect>;

export const qualityEntities = [
  Itp,
  ItpItem,
  ItpTemplate,
  ItpReviewLink,
  ItpReview,
  Lot,
  LotItp,
  LotItemCheck,
  LotInspectionPoint,
  LotClientLink,
  LotEquipment,
  LotRelation,
  LotDtiAudit,
  LotStatusTotal,
  InspectionPointStateTotal,
  Ncr,
  Defect,
];
