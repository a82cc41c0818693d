import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay, optionalIsoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { checkboxField, optionalText, requiredText } from "~/server/http/form-fields";
import { priceCents, quantityThousandths } from "../domain/docket-money";
import { DOCKET_STATUSES, DOCKET_STEPS, DOCKET_TYPES } from "../domain/docket-states";
import { DOCKET_INTENTS, DOCKET_LIMITS, DOCKET_SORTS, RATE_INTENTS, REGISTER_TABS } from "./docket-basics";

export * from "./docket-basics";

/** The docket forms' and register's rules for the server and the forms: messages are translation keys. */

export const invalidNumberMessage = message("common:validation.invalidNumber");
const invalidChoice = message("dockets:messages.choiceNotFound");

const optionalId = z
  .string()
  .uuid({ error: invalidChoice })
  .optional()
  .transform((value) => value ?? null);
const optionalDay = optionalIsoDaySchema();

/** A price typed as dollars and cents ("1,234.50"), kept as its text; its cents are read with priceCents. */
const priceText = z
  .string()
  .trim()
  .refine((value) => priceCents(value) !== null, { error: invalidNumberMessage });
const quantityText = z
  .string()
  .trim()
  .refine((value) => quantityThousandths(value) !== null, { error: invalidNumberMessage });

/**
 * A docket item as posted: priced from a resource rate (its code, title, unit and price are copied on the
 * server) or typed. A row left wholly empty (an added row not filled in) is dropped.
 */
const itemSchema = z
  .object({
    rateId: optionalId,
    code: optionalText(DOCKET_LIMITS.code),
    title: optionalText(DOCKET_LIMITS.title),
    unitOfMeasure: optionalText(DOCKET_LIMITS.unitOfMeasure),
    unitPrice: priceText.optional(),
    quantity: quantityText.optional(),
  })
  .superRefine((item, context) => {
    const blank =
      !item.rateId && !item.code && !item.title && !item.unitOfMeasure && !item.unitPrice && !item.quantity;
    if (blank) return;
    const need = (field: keyof typeof item) => {
      if (!item[field]) context.addIssue({ code: "custom", path: [field], message: requiredMessage });
    };
    need("quantity");
    if (item.rateId) return;
    need("code");
    need("title");
    need("unitOfMeasure");
    need("unitPrice");
  });
export type DocketItemInput = z.infer<typeof itemSchema>;

const isBlankItem = (item: DocketItemInput) =>
  !item.rateId && !item.code && !item.title && !item.unitOfMeasure && !item.unitPrice && !item.quantity;

export const docketFormSchema = z.object({
  docketDate: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isIsoDay, { error: message("common:validation.invalidDate") }),
  companyId: optionalId,
  abn: optionalText(DOCKET_LIMITS.abn),
  poNumber: optionalText(DOCKET_LIMITS.poNumber),
  type: z
    .enum(DOCKET_TYPES, { error: invalidChoice })
    .optional()
    .transform((value) => value ?? null),
  costAccount: optionalText(DOCKET_LIMITS.costAccount),
  task: optionalText(DOCKET_LIMITS.task),
  workOrder: optionalText(DOCKET_LIMITS.workOrder),
  areaId: optionalId,
  subcontractId: optionalId,
  receivedById: optionalId,
  receivedOn: optionalDay,
  forApprovalById: optionalId,
  comments: optionalText(DOCKET_LIMITS.comments),
  items: z
    .array(itemSchema)
    .max(DOCKET_LIMITS.items, message("dockets:messages.tooManyItems", { max: DOCKET_LIMITS.items }))
    .optional()
    .transform((items) => (items ?? []).filter((item) => !isBlankItem(item))),
});
export type DocketForm = z.infer<typeof docketFormSchema>;

export const docketTransitionSchema = z.object({
  intent: z.literal(DOCKET_INTENTS.transition),
  action: z.enum(DOCKET_STEPS, { error: message("dockets:messages.actionNotAllowed") }),
  comment: z.string().trim().max(DOCKET_LIMITS.comment, maxLengthMessage(DOCKET_LIMITS.comment)).optional(),
  confirmed: checkboxField,
});

export const docketCommentSchema = z.object({
  intent: z.literal(DOCKET_INTENTS.comment),
  body: requiredText(DOCKET_LIMITS.comment),
});

export const docketFileDeleteSchema = z.object({
  intent: z.literal(DOCKET_INTENTS.fileDelete),
  fileId: z.string().uuid({ error: message("uploads:fileNotFound") }),
});

/** A resource rate's fields (spec 3: code, title, unit of measure, unit price, contract quantity and amount). */
const rateFields = {
  code: requiredText(DOCKET_LIMITS.code),
  title: requiredText(DOCKET_LIMITS.title),
  unitOfMeasure: requiredText(DOCKET_LIMITS.unitOfMeasure),
  unitPrice: z.string({ error: requiredMessage }).trim().min(1, requiredMessage).pipe(priceText),
  totalContractQuantity: quantityText.optional().transform((value) => value ?? null),
  totalContractAmount: priceText.optional().transform((value) => value ?? null),
  companyId: optionalId,
  costAccount: optionalText(DOCKET_LIMITS.costAccount),
};

export const rateCreateSchema = z.object({ intent: z.literal(RATE_INTENTS.create), ...rateFields });
export const rateEditSchema = z.object({
  intent: z.literal(RATE_INTENTS.edit),
  rateId: z.string().uuid({ error: invalidChoice }),
  ...rateFields,
});
export type RateForm = z.infer<typeof rateCreateSchema>;

/** Deactivate, activate or delete (delete asks "I am sure"). */
export const rateStepSchema = z.object({
  intent: z.enum([RATE_INTENTS.deactivate, RATE_INTENTS.activate, RATE_INTENTS.delete]),
  rateId: z.string().uuid({ error: invalidChoice }),
  confirmed: checkboxField,
});

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The register's state, all from the URL: tab, search, filters, order (the page is read beside it). */
export function readDocketQuery(params: URLSearchParams) {
  const company = params.get("company");
  return {
    tab: oneOf(REGISTER_TABS, params.get("tab")) ?? "all",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(DOCKET_STATUSES, params.get("status")),
    type: oneOf(DOCKET_TYPES, params.get("type")),
    company: company && UUID.test(company) ? company : null,
    areas: params
      .getAll("area")
      .filter((id) => UUID.test(id))
      .slice(0, 20),
    ...readListSort(params, DOCKET_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type DocketQuery = ReturnType<typeof readDocketQuery>;
