import { describe, expect, it } from "vitest";
import { canEditDefect, DEFECT_EDITABLE_STATUSES } from "./defect-editing";
import { DEFECT_STATUSES } from "./defect-workflow";

const raiser = { isRaiser: true, isAssignee: false };
const assignee = { isRaiser: false, isAssignee: true };
const someone = { isRaiser: false, isAssignee: false };
const create = new Set(["quality.defects.create"]);
const review = new Set(["quality.defects.review"]);
const respond = new Set(["quality.defects.respond", "quality.defects.create"]);

describe("who edits a saved defect, and when", () => {
  it.each(DEFECT_STATUSES)("%s", (status) => {
    const open = DEFECT_EDITABLE_STATUSES.includes(status);
    expect(canEditDefect(status, create, raiser)).toBe(open);
    // QA edits a raised defect, not someone's draft.
    expect(canEditDefect(status, review, someone)).toBe(open && status !== "draft");
    // The raiser needs quality.defects.create; the assignee does not edit what they fix.
    expect(canEditDefect(status, new Set(), raiser)).toBe(false);
    expect(canEditDefect(status, respond, assignee)).toBe(false);
  });

  it("allows draft, pending, open and in progress only", () => {
    expect([...DEFECT_EDITABLE_STATUSES]).toEqual(["draft", "pending", "open", "in_progress"]);
  });
});
