/**
 * ITP (inspection and test plan) status machine (spec 4): draft → internal_review (In Review by
 * Quality) → external_review (In Review by Client) → active, with the two rejections and archive.
 * Each transition names the spec 4 notification event it emits and who receives it.
 * "Add to global library" and "use template" copy an ITP and change no status: they are not rows.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

export const ITP_STATUSES = [
  "draft",
  "internal_review",
  "external_review",
  "active",
  "rejected_by_quality",
  "rejected_by_client",
  "archived",
] as const;
export type ItpStatus = (typeof ITP_STATUSES)[number];

export const ITP_ACTIONS = [
  "submit_for_review",
  "internal_approve_send_external",
  "internal_approve_activate",
  "internal_reject",
  "external_approve",
  "external_reject",
  "revise",
  "archive",
  "restore",
] as const;
export type ItpAction = (typeof ITP_ACTIONS)[number];

export const ITP_PERMISSIONS = {
  edit: "quality.itp.edit",
  internalReview: "quality.itp.internal-review",
  externalReview: "quality.itp.external-review",
  archive: "quality.itp.archive",
} as const satisfies Record<string, PermissionKey>;

export const ITP_INITIAL_STATUS: ItpStatus = "draft";

export const ITP_NOTIFICATION_EVENTS = [
  "itp-submitted",
  "itp-internal-approved-send-external",
  "itp-internal-approved-send-internal",
  "itp-internal-rejected",
  "itp-external-approved",
  "itp-external-rejected",
] as const;
export type ItpNotificationEvent = (typeof ITP_NOTIFICATION_EVENTS)[number];

/**
 * Who receives an event: the ITP's submitter (whoever sent it for review), the project's quality
 * reviewers (members granted quality.itp.internal-review) or the client reviewers (members and
 * external users granted quality.itp.external-review). The one who acted is never notified.
 */
export type ItpAudience = "submitter" | "quality-reviewers" | "client-reviewers";

export interface ItpNotification {
  event: ItpNotificationEvent;
  to: readonly ItpAudience[];
}

export interface ItpRow extends TransitionRow<ItpStatus, ItpAction> {
  notification?: ItpNotification;
}

const P = ITP_PERMISSIONS;

export const ITP_TRANSITIONS: readonly ItpRow[] = [
  {
    from: "draft",
    action: "submit_for_review",
    to: "internal_review",
    permission: P.edit,
    notification: { event: "itp-submitted", to: ["quality-reviewers"] },
  },
  {
    from: "internal_review",
    action: "internal_approve_send_external",
    to: "external_review",
    permission: P.internalReview,
    notification: { event: "itp-internal-approved-send-external", to: ["submitter", "client-reviewers"] },
  },
  {
    from: "internal_review",
    action: "internal_approve_activate",
    to: "active",
    permission: P.internalReview,
    notification: { event: "itp-internal-approved-send-internal", to: ["submitter"] },
  },
  {
    from: "internal_review",
    action: "internal_reject",
    to: "rejected_by_quality",
    permission: P.internalReview,
    requiresComment: true,
    notification: { event: "itp-internal-rejected", to: ["submitter"] },
  },
  {
    from: "external_review",
    action: "external_approve",
    to: "active",
    permission: P.externalReview,
    notification: { event: "itp-external-approved", to: ["submitter", "quality-reviewers"] },
  },
  {
    from: "external_review",
    action: "external_reject",
    to: "rejected_by_client",
    permission: P.externalReview,
    requiresComment: true,
    notification: { event: "itp-external-rejected", to: ["submitter", "quality-reviewers"] },
  },
  { from: "rejected_by_quality", action: "revise", to: "draft", permission: P.edit },
  { from: "rejected_by_client", action: "revise", to: "draft", permission: P.edit },
  // Not while someone is reviewing it: the reviewer decides first.
  ...(["draft", "active", "rejected_by_quality", "rejected_by_client"] as const).map(
    (from): ItpRow => ({ from, action: "archive", to: "archived", permission: P.archive, confirm: true }),
  ),
  // A restored ITP is a draft again: it goes through review before lots can use it.
  { from: "archived", action: "restore", to: "draft", permission: P.archive },
];

export const itpWorkflow = defineWorkflow<ItpStatus, ItpAction, ItpRow>(ITP_TRANSITIONS, (status) => status);

/** Every permission key the ITP table uses, for the manifest's permission tree. */
export const ITP_WORKFLOW_PERMISSIONS = itpWorkflow.permissions;

export function availableItpActions(status: ItpStatus, granted: ReadonlySet<string>): ItpRow[] {
  return itpWorkflow.available(status, granted);
}

export function applyItpAction(
  status: ItpStatus,
  action: ItpAction,
  granted: ReadonlySet<string>,
  input?: TransitionInput,
) {
  return itpWorkflow.apply(status, action, granted, input);
}

/**
 * The notification an action emits (or null). Each action emits the same event from every state
 * it is allowed in, so the action alone decides it.
 */
export function itpNotificationFor(action: ItpAction): ItpNotification | null {
  return ITP_TRANSITIONS.find((row) => row.action === action && row.notification)?.notification ?? null;
}
