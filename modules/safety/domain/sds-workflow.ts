/**
 * Safety data sheets (issue #14; spec 4: IN_PROGRESS, IN_REVIEW, CLOSED): a product's SDS is filed
 * (IN_PROGRESS), submitted for review, and approved for use on site (CLOSED: the review is closed) or
 * returned with a reason; a supplier's new issue re-opens it as a revision. Its expiry is computed, never
 * stored: expired after its expiry date, expiring within SDS_EXPIRY_WARNING_DAYS. Decision 034. Pure.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";

export const SDS_STATUSES = ["IN_PROGRESS", "IN_REVIEW", "CLOSED"] as const;
export type SdsStatus = (typeof SDS_STATUSES)[number];

export const SDS_STEPS = ["submit", "approve", "return", "revise", "delete"] as const;
export type SdsStep = (typeof SDS_STEPS)[number];

export const SDS_PERMISSIONS = {
  view: "safety.sds.view",
  create: "safety.sds.create",
  edit: "safety.sds.edit",
  delete: "safety.sds.delete",
  updateStatus: "safety.sds.update-status",
  close: "safety.sds.close",
} as const satisfies Record<string, PermissionKey>;

const P = SDS_PERMISSIONS;

/** Anyone holding a row's permission runs it: an SDS is the site's, not one person's. */
export const SDS_TRANSITIONS: readonly TransitionRow<SdsStatus, SdsStep>[] = [
  { from: "IN_PROGRESS", action: "submit", to: "IN_REVIEW", permission: P.updateStatus },
  { from: "IN_REVIEW", action: "approve", to: "CLOSED", permission: P.close },
  { from: "IN_REVIEW", action: "return", to: "IN_PROGRESS", permission: P.close, requiresComment: true },
  // The supplier issued a new sheet: it is filed and reviewed again.
  { from: "CLOSED", action: "revise", to: "IN_PROGRESS", permission: P.updateStatus, requiresComment: true },
  { from: "IN_PROGRESS", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const sdsWorkflow = defineWorkflow<SdsStatus, SdsStep>(SDS_TRANSITIONS, (status) => status);

/** Its fields change while it is filed, before review (a returned or revised sheet is filed again). */
export const isSdsEditable = (status: SdsStatus) => status === "IN_PROGRESS";

/** How long before its expiry date a sheet warns (decision 034): a month to get the supplier's new issue. */
export const SDS_EXPIRY_WARNING_DAYS = 30;

export const SDS_EXPIRIES = ["expired", "expiring", "current"] as const;
export type SdsExpiry = (typeof SDS_EXPIRIES)[number];

/** `day` plus `days`, both YYYY-MM-DD calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A sheet is good through its expiry date and expired from the day after; it is expiring from
 * SDS_EXPIRY_WARNING_DAYS before its expiry date (today on site: decision 029) through that date.
 */
export function sdsExpiry(expiryDate: string, today: string): SdsExpiry {
  if (expiryDate < today) return "expired";
  if (expiryDate <= addDays(today, SDS_EXPIRY_WARNING_DAYS)) return "expiring";
  return "current";
}
