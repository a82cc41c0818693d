/**
 * The downstream side's steps through the contract vocabulary (spec 4; README "Downstream and indirect"): a
 * subcontract, a subcontractor's payment claim, and a variation or back charge. Pure: no Remix, no MikroORM.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";
import { reviewRows, voidFrom } from "./contract-review-rows";
import type { ContractStatus } from "./vocabularies";

export const DOWNSTREAM_PERMISSIONS = {
  view: "cost-and-commercial.downstream.view",
  viewRegister: "cost-and-commercial.downstream.view-register",
  create: "cost-and-commercial.downstream.create",
  edit: "cost-and-commercial.downstream.edit",
  delete: "cost-and-commercial.downstream.delete",
  updateStatus: "cost-and-commercial.downstream.update-status",
  editSupplier: "cost-and-commercial.downstream.edit-supplier",
  download: "cost-and-commercial.downstream.download",
} as const satisfies Record<string, PermissionKey>;

export const INDIRECT_PERMISSIONS = {
  view: "cost-and-commercial.indirect.view",
  create: "cost-and-commercial.indirect.create",
  edit: "cost-and-commercial.indirect.edit",
  delete: "cost-and-commercial.indirect.delete",
} as const satisfies Record<string, PermissionKey>;

const P = DOWNSTREAM_PERMISSIONS;

// --- subcontract ----------------------------------------------------------------------------------

export const SUBCONTRACT_STEPS = [
  "submit",
  "review",
  "approve",
  "revise",
  "reject",
  "execute",
  "void",
  "delete",
] as const;
export type SubcontractStep = (typeof SUBCONTRACT_STEPS)[number];

/** A subcontract is let: drafted, sent for review, approved, signed (executed); void ends it. */
export const SUBCONTRACT_TRANSITIONS: readonly TransitionRow<ContractStatus, SubcontractStep>[] = [
  ...reviewRows<SubcontractStep>(P.updateStatus),
  { from: "approved", action: "execute", to: "executed", permission: P.updateStatus },
  ...voidFrom<SubcontractStep>(P.updateStatus, ["executed"], { requiresComment: true }),
  { from: "draft", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const subcontractWorkflow = defineWorkflow<ContractStatus, SubcontractStep>(
  SUBCONTRACT_TRANSITIONS,
  (status) => status,
);

/** A subcontract takes claims, variations and back charges until it is void or rejected (decision, README). */
export const isSubcontractLive = (status: ContractStatus) => status !== "void" && status !== "reject";

// --- payment claim --------------------------------------------------------------------------------

export const CLAIM_STEPS = [
  "receive",
  "review",
  "certify",
  "revise",
  "reject",
  "pay",
  "withdraw",
  "delete",
] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/**
 * A subcontractor's payment claim: entered as a draft, received (served: its deadlines run from that day),
 * reviewed, certified (approved, with the certified amount) and paid (executed). A withdrawn (void), rejected or
 * deleted claim gives the work it took in back for the next claim.
 */
export const CLAIM_TRANSITIONS: readonly TransitionRow<ContractStatus, ClaimStep>[] = [
  { from: "draft", action: "receive", to: "submitted", permission: P.updateStatus },
  { from: "revise_and_resubmit", action: "receive", to: "submitted", permission: P.updateStatus },
  { from: "submitted", action: "review", to: "in_review", permission: P.updateStatus },
  { from: "submitted", action: "certify", to: "approved", permission: P.updateStatus },
  { from: "in_review", action: "certify", to: "approved", permission: P.updateStatus },
  {
    from: "in_review",
    action: "revise",
    to: "revise_and_resubmit",
    permission: P.updateStatus,
    requiresComment: true,
  },
  { from: "in_review", action: "reject", to: "reject", permission: P.updateStatus, requiresComment: true },
  { from: "approved", action: "pay", to: "executed", permission: P.updateStatus },
  { from: "draft", action: "withdraw", to: "void", permission: P.updateStatus, confirm: true },
  { from: "submitted", action: "withdraw", to: "void", permission: P.updateStatus, confirm: true },
  { from: "draft", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const claimWorkflow = defineWorkflow<ContractStatus, ClaimStep>(CLAIM_TRANSITIONS, (status) => status);

/** Steps after which the claim no longer holds its work. */
export const releasesWork = (to: ContractStatus | null) => to === null || to === "void" || to === "reject";

// --- variation and back charge --------------------------------------------------------------------

export const CHANGE_STEPS = ["submit", "approve", "reject", "delete"] as const;
export type ChangeStep = (typeof CHANGE_STEPS)[number];

/** A variation or a back charge: drafted, submitted, approved (the next claim takes it in) or rejected. */
export const CHANGE_TRANSITIONS: readonly TransitionRow<ContractStatus, ChangeStep>[] = [
  { from: "draft", action: "submit", to: "submitted", permission: P.updateStatus },
  { from: "submitted", action: "approve", to: "approved", permission: P.updateStatus },
  { from: "submitted", action: "reject", to: "reject", permission: P.updateStatus, requiresComment: true },
  { from: "draft", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const changeWorkflow = defineWorkflow<ContractStatus, ChangeStep>(
  CHANGE_TRANSITIONS,
  (status) => status,
);
