import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  kindNeedsWork,
  OBSERVATION_KINDS,
  OBSERVATION_STATUSES,
  OBSERVATION_STEPS,
} from "../domain/observation-workflow";
import { OBSERVATION_INTENTS, OBSERVATION_LIMITS, OBSERVATION_SORTS } from "./observation-basics";

export * from "./observation-basics";

/**
 * Observation form and register rules shared by the server and the browser's validation: no Remix, no
 * MikroORM. Messages are translation keys (safety:observation.*).
 */

const choiceNotFound = message("safety:observation.errors.choiceNotFound");

/** Tomorrow in UTC: a day "in the future" for every time zone a site is in is past it. */
const latestDay = () => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);

const fields = {
  title: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(OBSERVATION_LIMITS.title, maxLengthMessage(OBSERVATION_LIMITS.title)),
  description: z
    .string()
    .trim()
    .max(OBSERVATION_LIMITS.description, maxLengthMessage(OBSERVATION_LIMITS.description))
    .optional(),
  locationId: z.uuid({ error: choiceNotFound }).optional(),
  observedOn: isoDaySchema(message("safety:observation.errors.invalidDate")).refine(
    (day) => day <= latestDay(),
    { error: message("safety:observation.errors.future") },
  ),
};

/**
 * Raising: the kind, what was seen, where and when, and who puts it right. An unsafe act or condition needs
 * an assignee unless the observer put it right on the spot; a positive observation has nobody to assign.
 */
export const observationCreateSchema = z
  .object({
    kind: z.enum(OBSERVATION_KINDS, { error: requiredMessage }),
    ...fields,
    assigneeId: z.uuid({ error: choiceNotFound }).optional(),
    rectifiedOnSpot: checkbox,
  })
  .superRefine((value, context) => {
    if (kindNeedsWork(value.kind) && !value.rectifiedOnSpot && !value.assigneeId)
      context.addIssue({
        code: "custom",
        path: ["assigneeId"],
        message: message("safety:observation.errors.assigneeRequired"),
      });
  });
export type ObservationCreateForm = z.infer<typeof observationCreateSchema>;

/** Editing a live (unsafe) observation: its fields; the assignee changes through re-assign. */
export const observationEditSchema = z.object({
  kind: z.enum(["unsafe_act", "unsafe_condition"], { error: requiredMessage }),
  ...fields,
});

export const observationTransitionSchema = z.object({
  intent: z.literal(OBSERVATION_INTENTS.transition),
  action: z.enum(OBSERVATION_STEPS, { error: message("safety:observation.errors.actionNotAllowed") }),
  comment: z
    .string()
    .trim()
    .max(OBSERVATION_LIMITS.comment, maxLengthMessage(OBSERVATION_LIMITS.comment))
    .optional(),
  confirmed: checkbox,
});

export const observationReassignSchema = z.object({
  intent: z.literal(OBSERVATION_INTENTS.reassign),
  assigneeId: z.uuid({ error: requiredMessage }),
});

export const photoDeleteSchema = z.object({
  intent: z.literal(OBSERVATION_INTENTS.photoDelete),
  fileId: z.uuid({ error: choiceNotFound }),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);
const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readObservationQuery(params: URLSearchParams) {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(OBSERVATION_STATUSES, params.get("status")),
    kind: oneOf(OBSERVATION_KINDS, params.get("kind")),
    location: idOrNull(params.get("location")),
    assignee: idOrNull(params.get("assignee")),
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
    // Newest observation first.
    ...readListSort(params, OBSERVATION_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type ObservationQuery = ReturnType<typeof readObservationQuery>;
