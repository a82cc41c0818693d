import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { SDS_EXPIRIES, SDS_STATUSES, SDS_STEPS } from "../domain/sds-workflow";
import { SDS_INTENTS, SDS_LIMITS, SDS_SORTS } from "./sds-basics";

export * from "./sds-basics";

/** SDS form and register rules shared by the server and the browser: messages are safety:sds.* keys. */

const required = (max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxLengthMessage(max));

const invalidDate = message("safety:sds.errors.invalidDate");

/** The sheet's fields: the product, its supplier, the sheet's issue date and its expiry date (after the issue). */
export const sdsFormSchema = z
  .object({
    product: required(SDS_LIMITS.product),
    supplier: required(SDS_LIMITS.supplier),
    issueDate: isoDaySchema(invalidDate),
    expiryDate: isoDaySchema(invalidDate),
  })
  .superRefine((value, context) => {
    if (value.expiryDate <= value.issueDate)
      context.addIssue({
        code: "custom",
        path: ["expiryDate"],
        message: message("safety:sds.errors.expiryBeforeIssue"),
      });
  });
export type SdsForm = z.infer<typeof sdsFormSchema>;

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);

export const sdsTransitionSchema = z.object({
  intent: z.literal(SDS_INTENTS.transition),
  action: z.enum(SDS_STEPS, { error: message("safety:sds.errors.actionNotAllowed") }),
  comment: z.string().trim().max(SDS_LIMITS.comment, maxLengthMessage(SDS_LIMITS.comment)).optional(),
  confirmed: checkbox,
});

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readSdsQuery(params: URLSearchParams) {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(SDS_STATUSES, params.get("status")),
    expiry: oneOf(SDS_EXPIRIES, params.get("expiry")),
    ...readListSort(params, SDS_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type SdsQuery = ReturnType<typeof readSdsQuery>;
