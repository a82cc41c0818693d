import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  CONSEQUENCES,
  HIGH_RISK_CATEGORIES,
  LIKELIHOODS,
  residualRiskRaised,
  SWMS_TYPES,
} from "../domain/swms-reference";
import { SWMS_STATUSES, SWMS_STEPS, SWMS_TABS } from "../domain/swms-workflow";
import { SWMS_INTENTS, SWMS_LIMITS, SWMS_SORTS } from "./swms-basics";

export * from "./swms-basics";

/**
 * SWMS form and register rules: no Remix, no MikroORM. Messages are translation keys (safety:swms.*).
 * Server-only (the routes' forms validate on the server; the browser bundles stay free of zod).
 */

const choiceNotFound = message("safety:swms.errors.choiceNotFound");
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);
const text = (max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxLengthMessage(max));
const asList = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

const stepSchema = z
  .object({
    activity: text(SWMS_LIMITS.activity),
    hazards: text(SWMS_LIMITS.stepText),
    controls: text(SWMS_LIMITS.stepText),
    likelihoodBefore: z.enum(LIKELIHOODS, { error: requiredMessage }),
    consequenceBefore: z.enum(CONSEQUENCES, { error: requiredMessage }),
    likelihoodAfter: z.enum(LIKELIHOODS, { error: requiredMessage }),
    consequenceAfter: z.enum(CONSEQUENCES, { error: requiredMessage }),
  })
  .superRefine((step, context) => {
    if (
      residualRiskRaised(
        { likelihood: step.likelihoodBefore, consequence: step.consequenceBefore },
        { likelihood: step.likelihoodAfter, consequence: step.consequenceAfter },
      )
    )
      context.addIssue({
        code: "custom",
        path: ["likelihoodAfter"],
        message: message("safety:swms.errors.residualRiskRaised"),
      });
  });
export type SwmsStepForm = z.infer<typeof stepSchema>;

/** A step row the writer left blank (the form's spare rows) is no step. */
const isBlankRow = (row: unknown) =>
  !row ||
  typeof row !== "object" ||
  Object.values(row as Record<string, unknown>).every((value) => value === undefined || value === "");

/**
 * The SWMS form, to create and to edit: what it is, the company doing the work, high-risk and its r291
 * categories, and, for a written SWMS, its steps (blank rows dropped). A category ticked makes it high-risk.
 */
export const swmsFormSchema = z
  .object({
    type: z.enum(SWMS_TYPES, { error: requiredMessage }),
    title: text(SWMS_LIMITS.title),
    companyId: z.uuid({ error: choiceNotFound }),
    description: z
      .string()
      .trim()
      .max(SWMS_LIMITS.description, maxLengthMessage(SWMS_LIMITS.description))
      .optional(),
    highRisk: checkbox,
    highRiskCategories: z.preprocess(
      asList,
      z.array(z.enum(HIGH_RISK_CATEGORIES, { error: choiceNotFound })).max(HIGH_RISK_CATEGORIES.length),
    ),
    steps: z.preprocess(
      (value) => asList(value).filter((row) => !isBlankRow(row)),
      z.array(stepSchema).max(SWMS_LIMITS.steps, message("safety:swms.errors.tooManySteps")),
    ),
  })
  .transform((value) => ({
    ...value,
    highRiskCategories: [...new Set(value.highRiskCategories)],
    highRisk: value.highRisk || value.highRiskCategories.length > 0,
    // An uploaded SWMS is its file: no steps are kept with it.
    steps: value.type === "system" ? value.steps : [],
  }));
export type SwmsForm = z.infer<typeof swmsFormSchema>;

export const swmsTransitionSchema = z.object({
  intent: z.literal(SWMS_INTENTS.transition),
  action: z.enum(SWMS_STEPS, { error: message("safety:swms.errors.notAllowed") }),
  comment: z.string().trim().max(SWMS_LIMITS.comment, maxLengthMessage(SWMS_LIMITS.comment)).optional(),
  confirmed: checkbox,
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readSwmsQuery(params: URLSearchParams) {
  const company = params.get("company");
  return {
    tab: oneOf(SWMS_TABS, params.get("tab")) ?? "all",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(SWMS_STATUSES, params.get("status")),
    type: oneOf(SWMS_TYPES, params.get("type")),
    company: company && UUID.test(company) ? company.toLowerCase() : null,
    highRisk: oneOf(["yes", "no"] as const, params.get("highRisk")),
    // Newest SWMS first.
    ...readListSort(params, SWMS_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type SwmsQuery = ReturnType<typeof readSwmsQuery>;
