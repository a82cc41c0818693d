/**
 * The site diary's states (spec 4) and what they allow, without the workflow engine: what the register and
 * the pages need in the browser (the table itself is diary-workflow.ts).
 */
export const DIARY_STATUSES = ["in_progress", "in_review", "closed", "archived"] as const;
export type DiaryStatus = (typeof DIARY_STATUSES)[number];

/** Its fields, rows, notes, issues and photos change only while it is in progress. */
export const isDiaryEditable = (status: DiaryStatus) => status === "in_progress";

/** Waiting for someone: the overview's "to review" and "overdue" lists look at these. */
export const DIARY_OPEN_STATUSES: readonly DiaryStatus[] = ["in_progress", "in_review"];
