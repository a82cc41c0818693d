import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  ASSESSMENT_STEPS,
  AUDIT_SCHEDULE_STATUSES,
  AUDIT_VIEWS,
  CRITERION_RESULTS,
  SCHEDULE_STEPS,
} from "../domain/audit-workflow";
import { memberIdsSchema } from "./action-rules";
import { AUDIT_INTENTS, AUDIT_LIMITS, AUDIT_SORTS } from "./audit-basics";

export * from "./audit-basics";

/**
 * Audit and inspection forms and register rules shared by the server and the browser's validation: no Remix,
 * no MikroORM. Messages are translation keys (safety:audit.*, common:validation.*).
 */

const choiceNotFound = message("safety:audit.errors.choiceNotFound");
const invalidDate = message("safety:audit.errors.invalidDate");
const invalidNumber = message("common:validation.invalidNumber");

const text = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();
const day = isoDaySchema(invalidDate).optional();

/** A whole percentage, 0 to 100, typed as digits. */
const percentage = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, invalidNumber)
  .transform(Number)
  .refine((value) => value <= 100, { error: message("safety:audit.errors.percentage") })
  .optional();

const endNotBefore =
  (start: string, end: string) => (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const from = value[start];
    const to = value[end];
    if (typeof from === "string" && typeof to === "string" && to < from)
      context.addIssue({
        code: "custom",
        path: [end],
        message: message("safety:audit.errors.endBeforeStart"),
      });
  };

/** A schedule (spec 3 "Audit schedule"), created and edited with the same form. */
export const scheduleSchema = z
  .object({
    task: z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(AUDIT_LIMITS.task, maxLengthMessage(AUDIT_LIMITS.task)),
    zone: text(AUDIT_LIMITS.short),
    locationId: z.uuid({ error: choiceNotFound }).optional(),
    workPackage: text(AUDIT_LIMITS.short),
    estimatedStartDate: day,
    estimatedEndDate: day,
    startDate: day,
    completionDate: day,
    reportDueDate: day,
    tssReading: text(AUDIT_LIMITS.short),
    internalReferenceNumber: text(AUDIT_LIMITS.short),
    physicalWorkPercentage: percentage,
    leadAuditorId: z.uuid({ error: requiredMessage }),
    responsiblePersonId: z.uuid({ error: choiceNotFound }).optional(),
    auditorIds: memberIdsSchema,
    pdpIds: memberIdsSchema,
  })
  .superRefine(endNotBefore("estimatedStartDate", "estimatedEndDate"))
  .superRefine(endNotBefore("startDate", "completionDate"));
export type ScheduleForm = z.infer<typeof scheduleSchema>;

/** The details form's post (edit=true): the schedule's fields with the save intent. */
export const scheduleSaveSchema = z.intersection(
  z.object({ intent: z.literal(AUDIT_INTENTS.save) }),
  scheduleSchema,
);

/** A location's assessment: what the auditors found overall, and the day they assessed it. */
export const assessmentSchema = z.object({
  summary: text(AUDIT_LIMITS.summary),
  assessedOn: day,
});

/** One criterion assessed at a location. */
export const criterionSchema = z.object({
  title: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(AUDIT_LIMITS.title, maxLengthMessage(AUDIT_LIMITS.title)),
  requirement: text(AUDIT_LIMITS.requirement),
  result: z.enum(CRITERION_RESULTS, { error: requiredMessage }),
  comment: text(AUDIT_LIMITS.comment),
});

export const criterionDeleteSchema = z.object({
  intent: z.literal(AUDIT_INTENTS.criterionDelete),
  criterionId: z.uuid({ error: choiceNotFound }),
});

const stepFields = {
  comment: text(AUDIT_LIMITS.comment),
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
};

export const assessmentTransitionSchema = z.object({
  intent: z.literal(AUDIT_INTENTS.transition),
  action: z.enum(ASSESSMENT_STEPS, { error: message("safety:audit.errors.actionNotAllowed") }),
  ...stepFields,
});

export const scheduleTransitionSchema = z.object({
  intent: z.literal(AUDIT_INTENTS.transition),
  action: z.enum(SCHEDULE_STEPS, { error: message("safety:audit.errors.actionNotAllowed") }),
  ...stepFields,
});

export const reportDeleteSchema = z.object({
  intent: z.literal(AUDIT_INTENTS.fileDelete),
  fileId: z.uuid({ error: choiceNotFound }),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);
const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readAuditQuery(params: URLSearchParams) {
  return {
    view: oneOf(AUDIT_VIEWS, params.get("view")) ?? "MY_AUDIT_SCHEDULES",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(AUDIT_SCHEDULE_STATUSES, params.get("status")),
    location: idOrNull(params.get("location")),
    lead: idOrNull(params.get("lead")),
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
    // Newest schedule first.
    ...readListSort(params, AUDIT_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type AuditQuery = ReturnType<typeof readAuditQuery>;
