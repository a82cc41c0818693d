import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Company } from "../../server/db/entities/company";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { projectOwned } from "../../server/db/project-scope";
import {
  CONTRACT_SIDES,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  type ContractStatus,
  JURISDICTIONS,
  type Jurisdiction,
  REMINDER_STATUSES,
  RFA_STATUSES,
  SECURITY_KINDS,
  TASK_STATUSES,
} from "./domain/vocabularies";

/**
 * Cost and Commercial (README, decision 044): the head contract with the client (upstream) and its claims,
 * compliance documents, revenue and requests for approval; the subcontracts (downstream) with their payment
 * claims, variations, back charges and securities; indirect costs; the commercial calendar with its tasks and
 * recurring reminders; packages read from ACC. Money is integer cents (bigint read as a number), never a float.
 * Every record is `projectOwned`.
 */

const money = () => p.bigint("number").default(0);

// --- upstream ---------------------------------------------------------------------------------------

/** The contract with the client. */
export const HeadContract = projectOwned(
  defineEntity({
    name: "HeadContract",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      code: p.string().length(50),
      description: p.text(),
      client: p.string().length(200),
      type: p.enum(CONTRACT_TYPES),
      contractSumCents: money(),
      status: p.enum(CONTRACT_STATUSES).default("draft" satisfies ContractStatus),
      jurisdiction: p.enum(JURISDICTIONS).default("NSW" satisfies Jurisdiction),
      /** Retention the client holds, in basis points of each claim (500 = 5 %). */
      retentionBasisPoints: p.integer().default(0),
      /** The contract's own limits, in business days, when shorter than the law's (null: the law's). */
      paymentScheduleDays: p.integer().nullable(),
      paymentDays: p.integer().nullable(),
      startDate: p.date().nullable(),
      completionDate: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "code"] }],
  }),
);
export type IHeadContract = InferEntity<typeof HeadContract>;

/** A progress claim to the client under the head contract, for one billing period. */
export const HeadContractClaim = projectOwned(
  defineEntity({
    name: "HeadContractClaim",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      headContract: () => p.manyToOne(HeadContract).deleteRule("cascade"),
      /** 1, 2, 3… per head contract. */
      number: p.integer(),
      billingPeriodStart: p.date(),
      billingPeriodEnd: p.date(),
      status: p.enum(CONTRACT_STATUSES).default("draft" satisfies ContractStatus),
      scheduledValueCents: money(),
      workCompletedCents: money(),
      currentPaymentDueCents: money(),
      balanceCents: money(),
      grandTotalCents: money(),
      /** When the claim was served on the client: the security-of-payment deadlines run from it. */
      submittedOn: p.date().nullable(),
      paymentScheduleDueOn: p.date().nullable(),
      paymentDueOn: p.date().nullable(),
      /** The client's payment schedule: the amount it will pay, and when it arrived. */
      scheduledAmountCents: p.bigint("number").nullable(),
      scheduleReceivedOn: p.date().nullable(),
      paidOn: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["headContract", "number"] }],
    indexes: [{ properties: ["project", "status", "paymentDueOn"] }],
  }),
);
export type IHeadContractClaim = InferEntity<typeof HeadContractClaim>;

/** A compliance or requirements document of the head contract (insurance, plans, approvals) and its key dates. */
export const ComplianceDocument = projectOwned(
  defineEntity({
    name: "ComplianceDocument",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      headContract: () => p.manyToOne(HeadContract).deleteRule("cascade"),
      name: p.string().length(200),
      description: p.text().nullable(),
      /** Dates the document sets (renewal, submission, expiry), each with what it is. */
      keyDates: p.json<{ label: string; date: string }[]>(),
      /** Its file: a core attachment (entity type "cnc.compliance"). */
      attachmentId: p.uuid().nullable(),
      uploadedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["headContract", "createdAt"] }],
  }),
);
export type IComplianceDocument = InferEntity<typeof ComplianceDocument>;

/** Revenue of the head contract per month: forecast and actual (certified). */
export const RevenueMonth = projectOwned(
  defineEntity({
    name: "RevenueMonth",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      headContract: () => p.manyToOne(HeadContract).deleteRule("cascade"),
      /** The first day of the month. */
      month: p.date(),
      forecastCents: money(),
      actualCents: money(),
      notes: p.text().nullable(),
    },
    uniques: [{ properties: ["headContract", "month"] }],
  }),
);
export type IRevenueMonth = InferEntity<typeof RevenueMonth>;

/** A request for approval to the client (a change, a variation, a design or material approval). */
export const RequestForApproval = projectOwned(
  defineEntity({
    name: "RequestForApproval",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      headContract: () => p.manyToOne(HeadContract).deleteRule("cascade"),
      /** RFA-001 per head contract. */
      number: p.string().length(20),
      title: p.string().length(200),
      description: p.text().nullable(),
      amountCents: p.bigint("number").nullable(),
      status: p.enum(RFA_STATUSES).default("draft"),
      submittedOn: p.date().nullable(),
      responseDueOn: p.date().nullable(),
      response: p.text().nullable(),
      respondedOn: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["headContract", "number"] }],
  }),
);
export type IRequestForApproval = InferEntity<typeof RequestForApproval>;

/** A cost package read from ACC (a budget or a contract), by package sync; never edited here. */
export const CostPackage = projectOwned(
  defineEntity({
    name: "CostPackage",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      /** "budget" or "contract": which ACC list it came from. */
      packageType: p.string().length(20),
      externalId: p.string().length(100),
      code: p.string().length(100),
      name: p.string().length(300),
      amountCents: money(),
      syncedAt: p.datetime(),
    },
    uniques: [{ properties: ["project", "packageType", "externalId"] }],
  }),
);
export type ICostPackage = InferEntity<typeof CostPackage>;

// --- downstream -------------------------------------------------------------------------------------

/** A subcontract let to a company; its payment claims take in the company's approved dockets. */
export const Subcontract = projectOwned(
  defineEntity({
    name: "Subcontract",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      code: p.string().length(50),
      title: p.string().length(200),
      company: () => p.manyToOne(Company).deleteRule("restrict"),
      type: p.enum(CONTRACT_TYPES),
      contractSumCents: money(),
      status: p.enum(CONTRACT_STATUSES).default("draft" satisfies ContractStatus),
      jurisdiction: p.enum(JURISDICTIONS).default("NSW" satisfies Jurisdiction),
      /** Retention held from each claim, in basis points (500 = 5 %), up to the cap. */
      retentionBasisPoints: p.integer().default(0),
      retentionCapCents: p.bigint("number").nullable(),
      paymentScheduleDays: p.integer().nullable(),
      paymentDays: p.integer().nullable(),
      startDate: p.date().nullable(),
      completionDate: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "code"] }],
    indexes: [{ properties: ["project", "company"] }],
  }),
);
export type ISubcontract = InferEntity<typeof Subcontract>;

/** A subcontractor's payment claim, certified by us; its docket total comes from subcontract.work. */
export const SubcontractClaim = projectOwned(
  defineEntity({
    name: "SubcontractClaim",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      subcontract: () => p.manyToOne(Subcontract).deleteRule("cascade"),
      number: p.integer(),
      billingPeriodEnd: p.date(),
      invoiceNumber: p.string().length(50).nullable(),
      invoiceDate: p.date().nullable(),
      status: p.enum(CONTRACT_STATUSES).default("draft" satisfies ContractStatus),
      /** The approved dockets taken in, summed in cents. */
      docketsCents: money(),
      /** Other work claimed beyond the dockets. */
      otherWorkCents: money(),
      variationsCents: money(),
      backChargesCents: money(),
      claimedCents: money(),
      certifiedCents: p.bigint("number").nullable(),
      retentionHeldCents: money(),
      receivedOn: p.date().nullable(),
      paymentScheduleDueOn: p.date().nullable(),
      paymentDueOn: p.date().nullable(),
      paidOn: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["subcontract", "number"] }],
    indexes: [{ properties: ["project", "status", "paymentDueOn"] }],
  }),
);
export type ISubcontractClaim = InferEntity<typeof SubcontractClaim>;

/** A variation to a subcontract (added or omitted work), priced and approved. */
export const SubcontractVariation = projectOwned(
  defineEntity({
    name: "SubcontractVariation",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      subcontract: () => p.manyToOne(Subcontract).deleteRule("cascade"),
      number: p.string().length(20),
      title: p.string().length(200),
      amountCents: money(),
      status: p.enum(CONTRACT_STATUSES).default("draft" satisfies ContractStatus),
      submittedOn: p.date().nullable(),
      approvedOn: p.date().nullable(),
      /** The claim that took it in. */
      claim: () => p.manyToOne(SubcontractClaim).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["subcontract", "number"] }],
  }),
);
export type ISubcontractVariation = InferEntity<typeof SubcontractVariation>;

/** A cost charged back to the subcontractor (clean-up, damage, supplied materials). */
export const BackCharge = projectOwned(
  defineEntity({
    name: "BackCharge",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      subcontract: () => p.manyToOne(Subcontract).deleteRule("cascade"),
      number: p.string().length(20),
      description: p.text(),
      amountCents: money(),
      raisedOn: p.date(),
      status: p.enum(CONTRACT_STATUSES).default("draft" satisfies ContractStatus),
      claim: () => p.manyToOne(SubcontractClaim).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["subcontract", "number"] }],
  }),
);
export type IBackCharge = InferEntity<typeof BackCharge>;

/** Security a subcontractor or supplier gave (bank guarantee, bond), with its expiry. */
export const SupplierSecurity = projectOwned(
  defineEntity({
    name: "SupplierSecurity",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      subcontract: () => p.manyToOne(Subcontract).deleteRule("cascade"),
      kind: p.enum(SECURITY_KINDS),
      reference: p.string().length(100),
      issuer: p.string().length(200).nullable(),
      amountCents: money(),
      issueDate: p.date().nullable(),
      expiryDate: p.date().nullable(),
      releasedOn: p.date().nullable(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["project", "expiryDate"] }],
  }),
);
export type ISupplierSecurity = InferEntity<typeof SupplierSecurity>;

/** A cost of running the project that belongs to no contract (site sheds, staff, insurance), per month. */
export const IndirectCost = projectOwned(
  defineEntity({
    name: "IndirectCost",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      category: p.string().length(100),
      description: p.string().length(300),
      month: p.date(),
      budgetCents: money(),
      actualCents: money(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["project", "month"] }],
  }),
);
export type IIndirectCost = InferEntity<typeof IndirectCost>;

// --- calendar ---------------------------------------------------------------------------------------

/** An e-mail template of the project's reminders (settings, create-email-template); {placeholders} filled on send. */
export const EmailTemplate = projectOwned(
  defineEntity({
    name: "EmailTemplate",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      name: p.string().length(200),
      subject: p.string().length(300),
      body: p.text(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "name"] }],
  }),
);
export type IEmailTemplate = InferEntity<typeof EmailTemplate>;

/** A calendar added by upload (XLSX or iCalendar): its tasks are calendar tasks that name it. */
export const CommercialCalendar = projectOwned(
  defineEntity({
    name: "CommercialCalendar",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      side: p.enum(CONTRACT_SIDES),
      name: p.string().length(200),
      fileName: p.string().length(255),
      /** Shown on the calendar (calendar listing lets a user hide one). */
      visible: p.boolean().default(true),
      colour: p.string().length(20).nullable(),
      importedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
  }),
);
export type ICommercialCalendar = InferEntity<typeof CommercialCalendar>;

/** A task on the commercial calendar (spec 3 "Calendar task"). */
export const CalendarTask = projectOwned(
  defineEntity({
    name: "CalendarTask",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      side: p.enum(CONTRACT_SIDES),
      calendar: () => p.manyToOne(CommercialCalendar).nullable().deleteRule("cascade"),
      task: p.string().length(200),
      description: p.text().nullable(),
      responsible: () => p.manyToOne(User).nullable().deleteRule("set null"),
      collaboratorIds: p.json<string[]>(),
      startDate: p.date(),
      dueDate: p.date(),
      packageName: p.string().length(300).nullable(),
      packageType: p.string().length(50).nullable(),
      contractObligations: p.text().nullable(),
      notes: p.text().nullable(),
      status: p.enum(TASK_STATUSES).default("open"),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [{ properties: ["project", "side", "dueDate"] }, { properties: ["project", "startDate"] }],
  }),
);
export type ICalendarTask = InferEntity<typeof CalendarTask>;

/**
 * A schedule or reminder (spec 3): something due again and again (an RRULE recurrence) under a contract, e-mailed
 * to its recipients with its template before each occurrence.
 */
export const ContractReminder = projectOwned(
  defineEntity({
    name: "ContractReminder",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      side: p.enum(CONTRACT_SIDES),
      headContract: () => p.manyToOne(HeadContract).nullable().deleteRule("cascade"),
      subcontract: () => p.manyToOne(Subcontract).nullable().deleteRule("cascade"),
      /** SCH-001 per project. */
      number: p.string().length(20),
      title: p.string().length(200),
      startDate: p.date(),
      endDate: p.date().nullable(),
      status: p.enum(REMINDER_STATUSES).default("active"),
      /** An RFC 5545 RRULE ("FREQ=MONTHLY;BYMONTHDAY=25"); null for a one-off. */
      recurrence: p.string().length(500).nullable(),
      /** How many days before each occurrence the e-mail goes. */
      leadDays: p.integer().default(0),
      emailTemplate: () => p.manyToOne(EmailTemplate).nullable().deleteRule("set null"),
      documentTemplate: p.string().length(200).nullable(),
      recipients: p.json<string[]>(),
      /** The occurrence last e-mailed (YYYY-MM-DD): a run never sends the same occurrence twice. */
      lastSentFor: p.date().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    indexes: [{ properties: ["project", "status"] }],
  }),
);
export type IContractReminder = InferEntity<typeof ContractReminder>;

export const costAndCommercialEntities = [
  HeadContract,
  HeadContractClaim,
  ComplianceDocument,
  RevenueMonth,
  RequestForApproval,
  CostPackage,
  Subcontract,
  SubcontractClaim,
  SubcontractVariation,
  BackCharge,
  SupplierSecurity,
  IndirectCost,
  EmailTemplate,
  CommercialCalendar,
  CalendarTask,
  ContractReminder,
];
