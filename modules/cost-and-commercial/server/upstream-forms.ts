import { z } from "zod";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { confirmedCheckbox, endNotBeforeStart, optionalText, requiredText } from "~/server/http/form-fields";
import { HEAD_CLAIM_STEPS, HEAD_CONTRACT_STEPS, RFA_STEPS } from "../domain/head-contract-workflow";
import {
  completionNotBeforeStart,
  contractTermsShape,
  invalidDate,
  optionalDay,
} from "./contract-terms-form";
import { moneyCents, optionalMoneyCents } from "./money-form";
import { HEAD_CLAIM_INTENTS, UPSTREAM_LIMITS as L, RFA_INTENTS, UPSTREAM_INTENTS } from "./upstream-basics";

export * from "./upstream-basics";

/** The upstream forms' rules, for the server and the fuzz suite: messages are cost-and-commercial:* keys. */

const day = () => isoDaySchema(invalidDate);

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);

export const headContractSchema = z
  .object({
    code: requiredText(L.code),
    description: requiredText(L.description),
    client: requiredText(L.client),
    ...contractTermsShape,
  })
  .superRefine(completionNotBeforeStart);
export type HeadContractForm = z.infer<typeof headContractSchema>;

export const headContractTransitionSchema = z.object({
  intent: z.literal(UPSTREAM_INTENTS.transition),
  action: z.enum(HEAD_CONTRACT_STEPS, {
    error: message("cost-and-commercial:upstream.errors.actionNotAllowed"),
  }),
  comment: z.string().trim().max(L.comment, maxLengthMessage(L.comment)).optional(),
  confirmed: checkbox,
});

export const headClaimSchema = z
  .object({
    billingPeriodStart: day(),
    billingPeriodEnd: day(),
    scheduledValue: moneyCents(),
    workCompleted: moneyCents(),
  })
  .superRefine(
    endNotBeforeStart(
      "billingPeriodStart",
      "billingPeriodEnd",
      "cost-and-commercial:upstream.errors.endBeforeStart",
    ),
  );
export type HeadClaimForm = z.infer<typeof headClaimSchema>;

/** A claim's step; submitting serves it on the client on `servedOn` (the security-of-payment clock starts). */
export const headClaimTransitionSchema = z
  .object({
    intent: z.literal(HEAD_CLAIM_INTENTS.transition),
    action: z.enum(HEAD_CLAIM_STEPS, {
      error: message("cost-and-commercial:upstream.errors.actionNotAllowed"),
    }),
    comment: z.string().trim().max(L.comment, maxLengthMessage(L.comment)).optional(),
    confirmed: checkbox,
    servedOn: optionalDay,
  })
  .superRefine((value, context) => {
    if (value.action === "submit" && !value.servedOn)
      context.addIssue({
        code: "custom",
        path: ["servedOn"],
        message: message("cost-and-commercial:upstream.errors.servedOnRequired"),
      });
  });

/** The client's payment schedule: the amount it will pay (the certified amount) and when it arrived. */
export const paymentScheduleSchema = z.object({
  intent: z.literal(HEAD_CLAIM_INTENTS.schedule),
  scheduledAmount: moneyCents(),
  scheduleReceivedOn: day(),
});

export const claimPaidSchema = z.object({
  intent: z.literal(HEAD_CLAIM_INTENTS.paid),
  paidOn: day(),
});

const keyDateRow = z.object({
  label: z.string().trim().max(L.keyDateLabel, maxLengthMessage(L.keyDateLabel)).optional(),
  date: optionalDay,
});

/** A compliance document's fields (its file comes in the same multipart post); empty key-date rows are dropped. */
export const complianceSchema = z
  .object({
    name: requiredText(L.name),
    description: optionalText(L.description),
    keyDates: z.array(keyDateRow).max(L.keyDates).optional(),
  })
  .superRefine((value, context) => {
    (value.keyDates ?? []).forEach((row, index) => {
      if (row.label && !row.date)
        context.addIssue({ code: "custom", path: ["keyDates", index, "date"], message: invalidDate });
      if (!row.label && row.date)
        context.addIssue({ code: "custom", path: ["keyDates", index, "label"], message: requiredMessage });
    });
  })
  .transform((value) => ({
    ...value,
    keyDates: (value.keyDates ?? [])
      .filter((row): row is { label: string; date: string } => Boolean(row.label && row.date))
      .map((row) => ({ label: row.label, date: row.date })),
  }));
export type ComplianceForm = z.infer<typeof complianceSchema>;

export const complianceDeleteSchema = z.object({
  intent: z.literal(UPSTREAM_INTENTS.complianceDelete),
  documentId: z.string().uuid(),
  confirmed: confirmedCheckbox(message("cost-and-commercial:upstream.errors.confirmRequired")),
});

const invalidMonth = message("cost-and-commercial:upstream.errors.invalidMonth");
/** The revenue table: each month's forecast and actual (empty is zero). */
export const revenueSchema = z.object({
  intent: z.literal(UPSTREAM_INTENTS.revenue),
  months: z
    .array(
      z.object({
        month: z
          .string({ error: invalidMonth })
          .trim()
          .refine((value) => /^\d{4}-\d{2}$/.test(value) && isIsoDay(`${value}-01`), { error: invalidMonth }),
        forecast: optionalMoneyCents(),
        actual: optionalMoneyCents(),
      }),
    )
    .min(1)
    .max(L.revenueMonths),
});

export const packageSyncSchema = z.object({ intent: z.literal(UPSTREAM_INTENTS.packageSync) });

export const rfaSchema = z.object({
  title: requiredText(L.title),
  description: optionalText(L.description),
  amount: optionalMoneyCents(),
  responseDueOn: optionalDay,
});
export type RfaForm = z.infer<typeof rfaSchema>;

export const rfaTransitionSchema = z.object({
  intent: z.literal(RFA_INTENTS.transition),
  action: z.enum(RFA_STEPS, { error: message("cost-and-commercial:upstream.errors.actionNotAllowed") }),
  comment: z.string().trim().max(L.comment, maxLengthMessage(L.comment)).optional(),
  confirmed: checkbox,
});

export const rfaResponseSchema = z.object({
  intent: z.literal(RFA_INTENTS.response),
  response: requiredText(L.description),
  respondedOn: day(),
});
