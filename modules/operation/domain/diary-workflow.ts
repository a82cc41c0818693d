/**
 * The site diary's lifecycle (spec 4: in_progress, in_review, closed, archived; the moves are decision 039):
 * the site team keeps the day's diary in progress, submits it for review, and a reviewer closes it or
 * returns it with a reason. A closed diary is re-opened with a reason by a reviewer; a closed or abandoned
 * (in progress) diary is archived by whoever holds archive. A diary is edited only while in progress.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";

import type { DiaryStatus } from "./diary-states";

export { DIARY_OPEN_STATUSES, DIARY_STATUSES, type DiaryStatus, isDiaryEditable } from "./diary-states";

export const DIARY_STEPS = ["submit", "close", "return", "reopen", "archive", "delete"] as const;
export type DiaryStep = (typeof DIARY_STEPS)[number];

export const DIARY_PERMISSIONS = {
  view: "operation.siteDaries.view",
  create: "operation.siteDaries.create",
  edit: "operation.siteDaries.edit",
  delete: "operation.siteDaries.delete",
  close: "operation.siteDaries.close",
  archive: "operation.siteDaries.archive",
  download: "operation.siteDaries.download",
} as const satisfies Record<string, PermissionKey>;

const P = DIARY_PERMISSIONS;

export type DiaryRow = TransitionRow<DiaryStatus, DiaryStep>;

export const DIARY_TRANSITIONS: readonly DiaryRow[] = [
  { from: "in_progress", action: "submit", to: "in_review", permission: P.edit },
  { from: "in_review", action: "close", to: "closed", permission: P.close },
  { from: "in_review", action: "return", to: "in_progress", permission: P.close, requiresComment: true },
  { from: "closed", action: "reopen", to: "in_progress", permission: P.close, requiresComment: true },
  { from: "in_progress", action: "archive", to: "archived", permission: P.archive, confirm: true },
  { from: "closed", action: "archive", to: "archived", permission: P.archive, confirm: true },
  { from: "in_progress", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const diaryWorkflow = defineWorkflow<DiaryStatus, DiaryStep, DiaryRow>(
  DIARY_TRANSITIONS,
  (status) => status,
);
