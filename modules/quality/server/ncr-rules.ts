import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  NCR_ACTIONS,
  NCR_DISPOSITIONS,
  NCR_STATUSES,
  NCR_TYPES,
  type NcrStatus,
  type NcrType,
} from "../domain/ncr-workflow";

import { NCR_INTENTS, NCR_LIMITS, NCR_TABS, type NcrTab } from "./ncr-basics";

export * from "./ncr-basics";

/** NCR rules shared by the routes, the server and the browser's validation: no Remix, no MikroORM here. */

const required = (length: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(length, maxLengthMessage(length));
/** An optional text: blank becomes null. */
const optional = (length: number) =>
  z
    .string()
    .trim()
    .max(length, maxLengthMessage(length))
    .optional()
    .transform((value) => value || null);
const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);
const invalidDate = message("quality:ncr.errors.invalidDate");
const choiceNotFound = message("quality:ncr.errors.choiceNotFound");

/** The ISO sections, edited while the NCR is in progress. */
export const ncrDetailsSchema = z.object({
  title: required(NCR_LIMITS.title),
  description: required(NCR_LIMITS.text),
  itpItemId: z
    .uuid({ error: choiceNotFound })
    .optional()
    .transform((value) => value ?? null),
  containment: optional(NCR_LIMITS.text),
  disposition: z
    .enum(NCR_DISPOSITIONS, { error: choiceNotFound })
    .optional()
    .transform((value) => value ?? null),
  concessionAuthorisedBy: optional(NCR_LIMITS.person),
  clientToBeInformed: checkbox,
  rootCause: optional(NCR_LIMITS.text),
  correctiveAction: optional(NCR_LIMITS.text),
  correctiveActionOwner: optional(NCR_LIMITS.person),
  correctiveActionDue: isoDaySchema(invalidDate)
    .optional()
    .transform((value) => value ?? null),
  effectivenessCheck: optional(NCR_LIMITS.text),
});
export type NcrDetails = z.infer<typeof ncrDetailsSchema>;

/** Raising an NCR: its type, the lot of a product NCR (by its number, e.g. LOT-0042), the day, and the details. */
export const ncrRaiseSchema = ncrDetailsSchema
  .extend({
    type: z.enum(NCR_TYPES, { error: requiredMessage }),
    lotNumber: optional(NCR_LIMITS.lotNumber),
    raisedOn: isoDaySchema(invalidDate),
  })
  .superRefine((value, context) => {
    if (value.type === "product" && !value.lotNumber)
      context.addIssue({
        code: "custom",
        path: ["lotNumber"],
        message: message("quality:ncr.errors.lotRequired"),
      });
  });
export type NcrRaise = z.infer<typeof ncrRaiseSchema>;

export const ncrSaveSchema = ncrDetailsSchema.extend({ intent: z.literal(NCR_INTENTS.save) });

export const ncrTransitionSchema = z.object({
  intent: z.literal(NCR_INTENTS.transition),
  action: z.enum(NCR_ACTIONS, { error: message("quality:ncr.errors.actionNotAllowed") }),
  comment: optional(NCR_LIMITS.text),
  /** Without JavaScript the confirmation is a checkbox the server insists on. */
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});

export const NCR_SORTS = ["number", "title", "raisedOn", "updatedAt"] as const;

export function readNcrListQuery(params: URLSearchParams) {
  const status = params.get("status");
  const tab = params.get("tab");
  return {
    tab: (NCR_TABS.includes(tab as NcrTab) ? tab : "all") as NcrTab,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: NCR_STATUSES.includes(status as NcrStatus) ? (status as NcrStatus) : null,
    // Newest NCR first.
    ...readListSort(params, NCR_SORTS, { sort: "number", dir: "desc" }),
  };
}

export const typeOfTab = (tab: NcrTab): NcrType | null => (tab === "all" ? null : tab);
