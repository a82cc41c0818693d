import type { ActionStatus, RiskRanking } from "../domain/action-workflow";

/**
 * The action pages' paths, tones, limits, intents, tabs and due filters: what the register needs in the
 * browser, without the zod schemas of action-rules.ts (built at load time).
 */

export const ACTION_PATH = "/safety/actions";
export const actionPath = (id: string) => `${ACTION_PATH}/${id}`;
/** The activity log's and the evidence's entity type: one history holds the steps and the files. */
export const ACTION_ENTITY_TYPE = "safety-action";

/** Column sizes of the SafetyAction entity, so the form refuses what the database could not store. */
export const ACTION_LIMITS = { title: 200, description: 4000, label: 100, comment: 2000 } as const;

export const ACTION_STATUS_TONES: Record<
  ActionStatus,
  "success" | "danger" | "info" | "neutral" | "warning"
> = {
  open: "info",
  in_progress: "info",
  completed: "warning",
  closed: "success",
};

export const RISK_TONES: Record<RiskRanking, "danger" | "warning" | "info" | "neutral"> = {
  low: "neutral",
  medium: "info",
  high: "warning",
  extreme: "danger",
};

export const ACTION_INTENTS = {
  transition: "transition",
  comment: "comment",
  reassign: "reassign",
  evidenceDelete: "evidence-delete",
} as const;

/**
 * What an action may be raised from (its `sourceType`): the record's page links to the actions raised from
 * it, and the action's "Raised from" links back (server/action-sources.server.ts).
 */
export const ACTION_SOURCE_TYPES = ["observation", "enforcement", "incident", "audit-criterion"] as const;
export type ActionSourceType = (typeof ACTION_SOURCE_TYPES)[number];

/** The "Raise an action" link of a record: the action form, told its source. */
export const raiseActionHref = (type: ActionSourceType, id: string) =>
  `${ACTION_PATH}/create?${new URLSearchParams({ sourceType: type, sourceId: id }).toString()}`;

export const ACTION_TABS = ["my_actions", "all_actions"] as const;
export type ActionTab = (typeof ACTION_TABS)[number];

/** On open actions only (open, in progress): what is still to be done, by when. */
export const DUE_FILTERS = ["overdue", "due_week", "later", "no_due"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
