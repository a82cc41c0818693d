/**
 * The upstream workflows (decision 044): the head contract and its progress claims move through spec 4's
 * contract vocabulary, a request for approval through its RFI vocabulary. Pure: no Remix, no MikroORM.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";
import { reviewRows, voidFrom } from "./contract-review-rows";
import type { ContractStatus, RfaStatus } from "./vocabularies";

export const UPSTREAM_PERMISSIONS = {
  view: "cost-and-commercial.upstream.view",
  create: "cost-and-commercial.upstream.create",
  edit: "cost-and-commercial.upstream.edit",
  delete: "cost-and-commercial.upstream.delete",
  updateStatus: "cost-and-commercial.upstream.update-status",
  download: "cost-and-commercial.upstream.download",
} as const satisfies Record<string, PermissionKey>;

const P = UPSTREAM_PERMISSIONS;

export const HEAD_CONTRACT_STEPS = [
  "submit",
  "review",
  "approve",
  "revise",
  "reject",
  "execute",
  "void",
] as const;
export type HeadContractStep = (typeof HEAD_CONTRACT_STEPS)[number];

/**
 * The head contract: drafted, submitted to the client, reviewed, approved (or sent back to revise and resubmit,
 * or rejected), then executed (signed by both). Anything not yet executed may be voided. "open" is in the
 * vocabulary but no step leads to it: a head contract is a draft until it is submitted.
 */
export const HEAD_CONTRACT_TRANSITIONS: readonly TransitionRow<ContractStatus, HeadContractStep>[] = [
  ...reviewRows<HeadContractStep>(P.updateStatus),
  { from: "approved", action: "execute", to: "executed", permission: P.updateStatus, confirm: true },
  ...voidFrom<HeadContractStep>(P.updateStatus, [
    "draft",
    "submitted",
    "in_review",
    "revise_and_resubmit",
    "approved",
  ]),
];

export const headContractWorkflow = defineWorkflow<ContractStatus, HeadContractStep>(
  HEAD_CONTRACT_TRANSITIONS,
  (status) => status,
);

export const HEAD_CLAIM_STEPS = [
  "submit",
  "review",
  "approve",
  "revise",
  "reject",
  "void",
  "delete",
] as const;
export type HeadClaimStep = (typeof HEAD_CLAIM_STEPS)[number];

/**
 * A progress claim: drafted, submitted (served on the client on a day: the security-of-payment clock starts),
 * reviewed by the client, approved (certified) or sent back to revise and resubmit, or rejected. A draft may be
 * deleted; one not yet decided may be voided. Recording the client's payment schedule and the payment are not
 * steps: they are facts recorded on a submitted claim (README).
 */
export const HEAD_CLAIM_TRANSITIONS: readonly TransitionRow<ContractStatus, HeadClaimStep>[] = [
  ...reviewRows<HeadClaimStep>(P.updateStatus),
  ...voidFrom<HeadClaimStep>(P.updateStatus, ["draft", "submitted", "revise_and_resubmit"]),
  { from: "draft", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const headClaimWorkflow = defineWorkflow<ContractStatus, HeadClaimStep>(
  HEAD_CLAIM_TRANSITIONS,
  (status) => status,
);

/** A claim's figures change while it is a draft or being revised; after that only its facts are recorded. */
export const isClaimEditable = (status: ContractStatus) =>
  status === "draft" || status === "revise_and_resubmit";
/** The client's payment schedule and the payment are recorded once the claim was served. */
export const isClaimServed = (status: ContractStatus) =>
  status === "submitted" || status === "in_review" || status === "approved";

export const RFA_STEPS = ["submit", "review", "answer", "reject", "close", "void"] as const;
export type RfaStep = (typeof RFA_STEPS)[number];

/**
 * A request for approval (spec 4's RFI vocabulary): drafted, submitted to the client, in review, answered (the
 * client's response recorded) or rejected, then closed. A draft or a submitted one may be voided.
 */
export const RFA_TRANSITIONS: readonly TransitionRow<RfaStatus, RfaStep>[] = [
  { from: "draft", action: "submit", to: "submitted", permission: P.updateStatus },
  { from: "submitted", action: "review", to: "in_review", permission: P.updateStatus },
  { from: "in_review", action: "answer", to: "answered", permission: P.updateStatus },
  { from: "in_review", action: "reject", to: "rejected", permission: P.updateStatus, requiresComment: true },
  { from: "answered", action: "close", to: "closed", permission: P.updateStatus },
  { from: "rejected", action: "close", to: "closed", permission: P.updateStatus },
  { from: "draft", action: "void", to: "void", permission: P.updateStatus, confirm: true },
  { from: "submitted", action: "void", to: "void", permission: P.updateStatus, confirm: true },
];

export const rfaWorkflow = defineWorkflow<RfaStatus, RfaStep>(RFA_TRANSITIONS, (status) => status);
