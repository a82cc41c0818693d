/**
 * A docket's states, the steps that move it and its types (decision 043): plain lists the pages import
 * without the transition table's code (docket-workflow.ts). Pure.
 */

export const DOCKET_STATUSES = [
  "draft",
  "submitted",
  "in_review",
  "approved",
  "posted",
  "rejected",
  "archived",
] as const;
export type DocketStatus = (typeof DOCKET_STATUSES)[number];

/**
 * The spec's actions that move a docket. "create" and "update" do not move it; "push to ACC" is `post`, run by
 * the posting job on ACC's answer, never by a form (the form queues the job: see README, "Posting").
 */
export const DOCKET_STEPS = [
  "submit",
  "submit-for-approval",
  "approve",
  "reject",
  "post",
  "archive",
  "delete",
] as const;
export type DocketStep = (typeof DOCKET_STEPS)[number];

/** What kind of work or supply a docket records (spec 3 "type"; the values are the product's, decision 043). */
export const DOCKET_TYPES = ["labour", "plant", "materials", "hire", "services", "other"] as const;
export type DocketType = (typeof DOCKET_TYPES)[number];
