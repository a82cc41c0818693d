import type { DefectRelation, DefectStatus } from "./defect-workflow";

/**
 * Editing a saved defect's fields (decision 027). While nobody has finished the work — draft, pending,
 * open (reopened) or in progress — the defect's description may still be corrected; once completed, under
 * review, disputed, not approved or closed, its fields are what the work was judged against and stay as
 * they are (a dispute is answered with reissue, which keeps the record of what was disputed).
 */
export const DEFECT_EDITABLE_STATUSES: readonly DefectStatus[] = ["draft", "pending", "open", "in_progress"];

export const DEFECT_EDIT_PERMISSIONS = {
  raiser: "quality.defects.create",
  reviewer: "quality.defects.review",
};

/**
 * Who edits: the raiser (holding quality.defects.create, as for raising) or QA (quality.defects.review);
 * not the assignee, who would otherwise rewrite what they were asked to fix. A draft is its raiser's alone.
 */
export function canEditDefect(
  status: DefectStatus,
  granted: ReadonlySet<string>,
  relation: DefectRelation,
): boolean {
  if (!DEFECT_EDITABLE_STATUSES.includes(status)) return false;
  const asRaiser = relation.isRaiser && granted.has(DEFECT_EDIT_PERMISSIONS.raiser);
  if (status === "draft") return asRaiser;
  return asRaiser || granted.has(DEFECT_EDIT_PERMISSIONS.reviewer);
}
