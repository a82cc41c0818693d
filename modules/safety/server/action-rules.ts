import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { ACTION_STATUSES, ACTION_STEPS, MAX_WATCHERS, RISK_RANKINGS } from "../domain/action-workflow";

import {
  ACTION_INTENTS,
  ACTION_LIMITS,
  ACTION_SOURCE_TYPES,
  ACTION_TABS,
  DUE_FILTERS,
} from "./action-basics";

export * from "./action-basics";

/**
 * Safety action form and register rules shared by the server and the browser's validation: no Remix, no
 * MikroORM here. Messages are translation keys (safety:action.*).
 */

const choiceNotFound = message("safety:action.errors.choiceNotFound");

/** The spec's message for more than 100 users picked (spec 5). */
export const TOO_MANY_USERS = message("safety:action.errors.tooManyUsers");

/**
 * Members picked in a multiple select (one value per choice, none when nothing is picked), at most 100
 * (spec 5): an action's watchers, an audit's auditors and PDP representatives.
 */
export const memberIdsSchema = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.uuid({ error: choiceNotFound })).max(MAX_WATCHERS, TOO_MANY_USERS),
);

/** The fields of an action, as created and as edited. */
export const actionFieldsSchema = z.object({
  title: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(ACTION_LIMITS.title, maxLengthMessage(ACTION_LIMITS.title)),
  description: z
    .string()
    .trim()
    .max(ACTION_LIMITS.description, maxLengthMessage(ACTION_LIMITS.description))
    .optional(),
  label: z.string().trim().max(ACTION_LIMITS.label, maxLengthMessage(ACTION_LIMITS.label)).optional(),
  riskRanking: z.enum(RISK_RANKINGS, { error: requiredMessage }),
  dueDate: isoDaySchema(message("safety:action.errors.invalidDate")).optional(),
  watcherIds: memberIdsSchema,
});

/**
 * Creating names the assignee too; editing leaves it to the re-assign step (it needs its own permission).
 * An action raised from a record (an observation, a failed scan) carries that record as its source.
 */
export const actionCreateSchema = actionFieldsSchema.extend({
  assigneeId: z.uuid({ error: requiredMessage }),
  sourceType: z.enum(ACTION_SOURCE_TYPES, { error: choiceNotFound }).optional(),
  sourceId: z.uuid({ error: choiceNotFound }).optional(),
});
export type ActionCreateForm = z.infer<typeof actionCreateSchema>;
export const actionEditSchema = actionFieldsSchema;

export const actionTransitionSchema = z.object({
  intent: z.literal(ACTION_INTENTS.transition),
  action: z.enum(ACTION_STEPS, { error: message("safety:action.errors.actionNotAllowed") }),
  comment: z.string().trim().max(ACTION_LIMITS.comment, maxLengthMessage(ACTION_LIMITS.comment)).optional(),
  /** Without a dialog, the confirmation is a checkbox the server insists on. */
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});

export const actionCommentSchema = z.object({
  intent: z.literal(ACTION_INTENTS.comment),
  body: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(ACTION_LIMITS.comment, maxLengthMessage(ACTION_LIMITS.comment)),
});

export const actionReassignSchema = z.object({
  intent: z.literal(ACTION_INTENTS.reassign),
  assigneeId: z.uuid({ error: requiredMessage }),
});

export const evidenceDeleteSchema = z.object({
  intent: z.literal(ACTION_INTENTS.evidenceDelete),
  fileId: z.uuid({ error: choiceNotFound }),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

export const ACTION_SORTS = ["number", "title", "dueDate", "updatedAt"] as const;

/** The due filter: past due and not done, due within the next 7 days and not done, or no due date. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readActionQuery(params: URLSearchParams) {
  return {
    tab: oneOf(ACTION_TABS, params.get("tab")) ?? "my_actions",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(ACTION_STATUSES, params.get("status")),
    risk: oneOf(RISK_RANKINGS, params.get("risk")),
    label: (params.get("label") ?? "").trim().slice(0, ACTION_LIMITS.label) || null,
    assignee: idOrNull(params.get("assignee")),
    due: oneOf(DUE_FILTERS, params.get("due")),
    // Newest action first.
    ...readListSort(params, ACTION_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type ActionQuery = ReturnType<typeof readActionQuery>;
