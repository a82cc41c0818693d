import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import {
  DEFECT_ACTIONS,
  DEFECT_PRIORITIES,
  DEFECT_STATUSES,
  type DefectPriority,
  type DefectStatus,
} from "../domain/defect-workflow";

import { DEFECT_INTENTS, DEFECT_LIMITS } from "./defect-basics";

export * from "./defect-basics";

/**
 * Punch list form and register rules shared by the server and the browser's validation: no Remix, no
 * MikroORM here. Messages are translation keys (quality:defect.*).
 */

const choiceNotFound = message("quality:defect.errors.choiceNotFound");
const optionalId = z.uuid({ error: choiceNotFound }).optional();

/** How the form is saved: "draft" keeps it to its raiser, "raise" sends it to the assignee. */
export const DEFECT_SAVE_MODES = ["draft", "raise"] as const;

export const defectFormSchema = z
  .object({
    title: z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(DEFECT_LIMITS.title, maxLengthMessage(DEFECT_LIMITS.title)),
    description: z
      .string()
      .trim()
      .max(DEFECT_LIMITS.description, maxLengthMessage(DEFECT_LIMITS.description))
      .optional(),
    locationId: optionalId,
    /** A lot is named by its number ("LOT-0042"): a project may have far too many lots for a list. */
    lotNumber: z.string().trim().max(20, maxLengthMessage(20)).optional(),
    companyId: optionalId,
    assigneeId: optionalId,
    dueDate: isoDaySchema(message("quality:defect.errors.invalidDate")).optional(),
    priority: z.enum(DEFECT_PRIORITIES, { error: choiceNotFound }).default("normal"),
    save: z.enum(DEFECT_SAVE_MODES, { error: choiceNotFound }).default("raise"),
  })
  .superRefine((defect, ctx) => {
    // Raising asks someone to fix it: there must be someone.
    if (defect.save === "raise" && !defect.assigneeId)
      ctx.addIssue({
        code: "custom",
        path: ["assigneeId"],
        message: message("quality:defect.errors.assigneeRequired"),
      });
  });
export type DefectForm = z.infer<typeof defectFormSchema>;

export const defectTransitionSchema = z.object({
  intent: z.literal(DEFECT_INTENTS.transition),
  action: z.enum(DEFECT_ACTIONS, { error: message("quality:defect.errors.actionNotAllowed") }),
  comment: z.string().trim().max(DEFECT_LIMITS.comment, maxLengthMessage(DEFECT_LIMITS.comment)).optional(),
  /** Without a dialog, the confirmation is a checkbox the server insists on. */
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

export const DEFECT_SORTS = ["number", "title", "dueDate", "updatedAt"] as const;
export type DefectSort = (typeof DEFECT_SORTS)[number];

export const DEFECT_TABS = ["all", "mine"] as const;
export type DefectTab = (typeof DEFECT_TABS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOrNull = (value: string | null) => (value && UUID.test(value) ? value.toLowerCase() : null);

export function readDefectQuery(params: URLSearchParams) {
  const status = params.get("status");
  const priority = params.get("priority");
  return {
    tab: (params.get("tab") === "mine" ? "mine" : "all") as DefectTab,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: DEFECT_STATUSES.includes(status as DefectStatus) ? (status as DefectStatus) : null,
    priority: DEFECT_PRIORITIES.includes(priority as DefectPriority) ? (priority as DefectPriority) : null,
    assignee: idOrNull(params.get("assignee")),
    lot: idOrNull(params.get("lot")),
    // Newest defect first.
    ...readListSort(params, DEFECT_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type DefectQuery = ReturnType<typeof readDefectQuery>;
