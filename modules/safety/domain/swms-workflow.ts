/**
 * SWMS lifecycle (issue #14; spec 4 names the nine states, spec 6 the permission 'Manage Review And Signoff').
 * A SWMS is written in the form (a draft) or uploaded as a file (swms uploaded); its author submits it.
 * A SWMS that is not high-risk has one review (in review → accepted); a high-risk one (WHS Regulation r291)
 * has two: an initial review, then a final review by another reviewer, who signs it off — and only once it
 * names at least one r291 category. A reviewer may send it back for changes (review needed) or not accept
 * it; an accepted SWMS is sent back for review when the work or the site changes. Rows and decisions: the
 * module README ("SWMS") and decision 037.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionGuard,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

export const SWMS_STATUSES = [
  "draft",
  "swms_uploaded",
  "in_review",
  "initial_review",
  "final_review",
  "accepted",
  "not_accepted",
  "review_needed",
  "archived",
] as const;
export type SwmsStatus = (typeof SWMS_STATUSES)[number];

export const SWMS_STEPS = [
  "submit",
  "submit_high_risk",
  "complete_initial_review",
  "accept",
  "reject",
  "request_changes",
  "request_review",
  "archive",
  "delete",
] as const;
export type SwmsStep = (typeof SWMS_STEPS)[number];

export const SWMS_PERMISSIONS = {
  view: "safety.swms.view",
  create: "safety.swms.create",
  edit: "safety.swms.edit",
  delete: "safety.swms.delete",
  archive: "safety.swms.archive",
  viewNotification: "safety.swms.view-notification",
  editNotification: "safety.swms.edit-notification",
  subcontractorView: "safety.swms.subcontractor-view",
  review: "safety.swms.manage-review-and-signoff",
} as const satisfies Record<string, PermissionKey>;

/**
 * Who may run a row besides holding its permission: its **author** (who created it, or a member of the
 * company it is for), a **reviewer** (holds manage-review-and-signoff), a **second reviewer** (a reviewer
 * who did not do its initial review: the final review is another pair of eyes).
 */
export type SwmsParty = "author" | "reviewer" | "second_reviewer";

export type SwmsRow = TransitionRow<SwmsStatus, SwmsStep> & { party?: SwmsParty | readonly SwmsParty[] };

/** What the guards read on the SWMS. */
export type SwmsFacts = {
  highRisk: boolean;
  /** How many r291 categories it names. */
  categories: number;
  /** A written SWMS has at least one step; an uploaded one its file. */
  hasContent: boolean;
};

const guard = (
  name: string,
  refuse: (facts: SwmsFacts) => boolean,
  message: string,
): TransitionGuard<SwmsFacts> => ({
  name,
  check: (facts) => (refuse(facts) ? { message } : null),
});

export const SWMS_GUARDS = {
  hasContent: guard("has-content", (facts) => !facts.hasContent, "safety:swms.errors.nothingToSubmit"),
  /** Routing: a high-risk SWMS goes to the initial review, any other to the one review. */
  highRisk: guard("high-risk", (facts) => !facts.highRisk, "safety:swms.errors.notAllowed"),
  notHighRisk: guard("not-high-risk", (facts) => facts.highRisk, "safety:swms.errors.notAllowed"),
  /** Issue #14: a high-risk SWMS is accepted only once it names at least one r291 category. */
  r291: guard(
    "r291-category",
    (facts) => facts.highRisk && facts.categories === 0,
    "safety:swms.errors.highRiskCategoryRequired",
  ),
} as const;

const P = SWMS_PERMISSIONS;
/** Where the author has it: written or uploaded and not sent yet, or back from a review. */
export const SWMS_AUTHOR_STATUSES = ["draft", "swms_uploaded", "not_accepted", "review_needed"] as const;
const REVIEWS = [
  ["in_review", "reviewer"],
  ["initial_review", "reviewer"],
  ["final_review", "second_reviewer"],
] as const;

export const SWMS_TRANSITIONS: readonly SwmsRow[] = [
  ...SWMS_AUTHOR_STATUSES.flatMap((from): SwmsRow[] => [
    {
      from,
      action: "submit",
      to: "in_review",
      permission: P.create,
      party: "author",
      guard: [SWMS_GUARDS.notHighRisk, SWMS_GUARDS.hasContent],
    },
    {
      from,
      action: "submit_high_risk",
      to: "initial_review",
      permission: P.create,
      party: "author",
      guard: [SWMS_GUARDS.highRisk, SWMS_GUARDS.hasContent],
    },
  ]),
  {
    from: "initial_review",
    action: "complete_initial_review",
    to: "final_review",
    permission: P.review,
    party: "reviewer",
  },
  ...REVIEWS.flatMap(([from, party]): SwmsRow[] => [
    ...(from === "initial_review"
      ? []
      : [
          {
            from,
            action: "accept",
            to: "accepted",
            permission: P.review,
            party,
            guard: SWMS_GUARDS.r291,
          } as SwmsRow,
        ]),
    { from, action: "reject", to: "not_accepted", permission: P.review, party, requiresComment: true },
    {
      from,
      action: "request_changes",
      to: "review_needed",
      permission: P.review,
      party,
      requiresComment: true,
    },
  ]),
  // The work or the site changed (or an incident showed a gap): the accepted SWMS is reviewed again.
  {
    from: "accepted",
    action: "request_review",
    to: "review_needed",
    permission: P.review,
    party: "reviewer",
    requiresComment: true,
  },
  // Never reviewed: removed. Once it has been through a review it is a record, archived instead.
  ...(["draft", "swms_uploaded"] as const).map(
    (from): SwmsRow => ({
      from,
      action: "delete",
      to: null,
      permission: P.delete,
      party: ["author", "reviewer"],
      confirm: true,
    }),
  ),
  // Not while a reviewer has it.
  ...(["draft", "swms_uploaded", "accepted", "not_accepted", "review_needed"] as const).map(
    (from): SwmsRow => ({
      from,
      action: "archive",
      to: "archived",
      permission: P.archive,
      party: ["author", "reviewer"],
      confirm: true,
    }),
  ),
];

export const swmsWorkflow = defineWorkflow<SwmsStatus, SwmsStep, SwmsRow>(
  SWMS_TRANSITIONS,
  (status) => status,
);

/** Who the user is to this SWMS. */
export type SwmsRelation = { isAuthor: boolean; isReviewer: boolean; isInitialReviewer: boolean };

export function swmsParties(relation: SwmsRelation): ReadonlySet<SwmsParty> {
  const parties = new Set<SwmsParty>();
  if (relation.isAuthor) parties.add("author");
  if (relation.isReviewer) parties.add("reviewer");
  if (relation.isReviewer && !relation.isInitialReviewer) parties.add("second_reviewer");
  return parties;
}

/**
 * The rows this user may run now (the buttons to show). Of the two submit rows only the one that fits the
 * SWMS (high-risk or not) is offered; the other guards are checked when the step is sent, with their message.
 */
export function availableSwmsSteps(
  status: SwmsStatus,
  granted: ReadonlySet<string>,
  relation: SwmsRelation,
  facts: SwmsFacts,
): SwmsRow[] {
  return swmsWorkflow
    .available(status, granted, swmsParties(relation))
    .filter((row) =>
      row.action === "submit" ? !facts.highRisk : row.action === "submit_high_risk" ? facts.highRisk : true,
    );
}

/** One step, checked as the server checks it: state, permission, reason, who the user is, then the guards. */
export function applySwmsStep(
  status: SwmsStatus,
  step: SwmsStep,
  granted: ReadonlySet<string>,
  relation: SwmsRelation,
  facts: SwmsFacts,
  input?: Omit<TransitionInput, "parties" | "facts">,
) {
  return swmsWorkflow.apply(status, step, granted, { ...input, facts, parties: swmsParties(relation) });
}

/** Its fields and steps change only while the author has it. */
export const isSwmsEditable = (status: SwmsStatus) =>
  (SWMS_AUTHOR_STATUSES as readonly SwmsStatus[]).includes(status);

/** The register's "Pending Review" tab. */
export const SWMS_PENDING_STATUSES: readonly SwmsStatus[] = ["in_review", "initial_review", "final_review"];
/** The register's "Draft" tab: not sent yet. */
export const SWMS_DRAFT_STATUSES: readonly SwmsStatus[] = ["draft", "swms_uploaded"];

export const SWMS_TABS = ["all", "draft", "pending_review"] as const;
export type SwmsTab = (typeof SWMS_TABS)[number];

export const statusesOfTab = (tab: SwmsTab): readonly SwmsStatus[] | null =>
  tab === "draft" ? SWMS_DRAFT_STATUSES : tab === "pending_review" ? SWMS_PENDING_STATUSES : null;

/** The notification event a step raises (spec 6's four), or none. */
export type SwmsEvent = "high-risk-created" | "non-high-risk-created" | "initial-review-done" | "signed-off";

export function eventOfStep(step: SwmsStep, to: SwmsStatus | null): SwmsEvent | null {
  if (step === "submit") return "non-high-risk-created";
  if (step === "submit_high_risk") return "high-risk-created";
  if (step === "complete_initial_review") return "initial-review-done";
  if (to === "accepted" || to === "not_accepted") return "signed-off";
  return null;
}
