/**
 * A site docket (spec 4: draft, submitted, in_review, approved, posted, rejected, archived): written up from a
 * paper docket or the intray (draft), submitted by whoever received it, sent for approval to the person who
 * approves it (in_review), approved or rejected with a reason, and — once approved — pushed to ACC Cost
 * Management, which makes it posted only after ACC confirmed. A rejected docket is corrected and submitted
 * again. Pure: no Remix, no MikroORM.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";

// The states, steps and types live in docket-states.ts, which pages import without the table's code.
import type { DocketStatus, DocketStep } from "./docket-states";

export {
  DOCKET_STATUSES,
  DOCKET_STEPS,
  DOCKET_TYPES,
  type DocketStatus,
  type DocketStep,
  type DocketType,
} from "./docket-states";

export const DOCKET_PERMISSIONS = {
  view: "dockets.docket.view",
  create: "dockets.docket.create",
  edit: "dockets.docket.edit",
  delete: "dockets.docket.delete",
  submit: "dockets.docket.update-status",
  approve: "dockets.docket.approve",
  post: "dockets.docket.post",
  archive: "dockets.docket.archive",
  download: "dockets.docket.download",
  intrayView: "dockets.intray.view",
  intrayCreate: "dockets.intray.create",
  intrayEdit: "dockets.intray.edit",
  intrayDelete: "dockets.intray.delete",
  rateView: "dockets.resource.project_resource_rate_view",
  rateCreate: "dockets.resource.create-resources",
  rateEdit: "dockets.resource.edit-resources",
  rateDelete: "dockets.resource.delete-resources",
  viewSettings: "dockets.settings.view-settings",
  createSettings: "dockets.settings.create-settings",
} as const satisfies Record<string, PermissionKey>;

const P = DOCKET_PERMISSIONS;

export const DOCKET_TRANSITIONS: readonly TransitionRow<DocketStatus, DocketStep>[] = [
  { from: "draft", action: "submit", to: "submitted", permission: P.submit },
  { from: "rejected", action: "submit", to: "submitted", permission: P.submit },
  // Sent to the person named "for approval by": it waits on them from here.
  { from: "submitted", action: "submit-for-approval", to: "in_review", permission: P.submit },
  { from: "in_review", action: "approve", to: "approved", permission: P.approve },
  { from: "in_review", action: "reject", to: "rejected", permission: P.approve, requiresComment: true },
  { from: "submitted", action: "reject", to: "rejected", permission: P.approve, requiresComment: true },
  // ACC confirmed the expense: only the posting job takes this step.
  { from: "approved", action: "post", to: "posted", permission: P.post },
  { from: "draft", action: "archive", to: "archived", permission: P.archive, confirm: true },
  { from: "rejected", action: "archive", to: "archived", permission: P.archive, confirm: true },
  { from: "posted", action: "archive", to: "archived", permission: P.archive, confirm: true },
  { from: "draft", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const docketWorkflow = defineWorkflow<DocketStatus, DocketStep>(
  DOCKET_TRANSITIONS,
  (status) => status,
);

/** Its fields and items change while it is a draft or back from rejection; after that its figures are fixed. */
export const isDocketEditable = (status: DocketStatus) => status === "draft" || status === "rejected";

/** Approved or posted: work done and agreed, which a subcontract's payment claim takes in. */
export const isDocketClaimable = (status: DocketStatus) => status === "approved" || status === "posted";
