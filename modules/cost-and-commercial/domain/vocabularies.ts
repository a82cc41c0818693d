/**
 * Cost and Commercial's words (spec 4 "contract" and "RFI" vocabularies) and the product's own lists where the
 * spec names none (decision 044). Pure: importable by entities, routes and tests.
 */

/** Spec 4, the contract vocabulary: a head contract's, a subcontract's and a claim's status. */
export const CONTRACT_STATUSES = [
  "draft",
  "open",
  "submitted",
  "in_review",
  "revise_and_resubmit",
  "approved",
  "executed",
  "reject",
  "void",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Spec 4, the RFI vocabulary: a request for approval's status. */
export const RFA_STATUSES = [
  "draft",
  "open",
  "submitted",
  "in_review",
  "answered",
  "rejected",
  "closed",
  "void",
] as const;
export type RfaStatus = (typeof RFA_STATUSES)[number];

export const CONTRACT_TYPES = [
  "lump_sum",
  "schedule_of_rates",
  "design_and_construct",
  "cost_plus",
  "supply_only",
  "other",
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/**
 * The security-of-payment law that sets a claim's payment schedule and payment deadlines (decision 044):
 * New South Wales, Queensland, or none (the contract's own terms only).
 */
export const JURISDICTIONS = ["NSW", "QLD", "none"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** The two sides of the calendar (spec 2, tabs Upstream and Downstream). */
export const CONTRACT_SIDES = ["upstream", "downstream"] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];

export const SECURITY_KINDS = [
  "bank_guarantee",
  "insurance_bond",
  "cash_retention",
  "parent_guarantee",
] as const;
export type SecurityKind = (typeof SECURITY_KINDS)[number];

export const REMINDER_STATUSES = ["active", "paused", "completed"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export const TASK_STATUSES = ["open", "in_progress", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
