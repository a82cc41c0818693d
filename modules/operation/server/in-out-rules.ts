import { z } from "zod";
import { isIsoDay } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { checkboxField, optionalText, requiredText } from "~/server/http/form-fields";
import { IN_OUT_KINDS, IN_OUT_LIMITS, isClockTime } from "../domain/in-out";

/**
 * In/Out's forms and its page's query (server only: the pages' browser code keeps no zod). Messages are
 * translation keys (operation:inout.*).
 */

export const IN_OUT_INTENTS = {
  signIn: "sign-in",
  signOut: "sign-out",
  gateOpen: "gate-open",
  gateRevoke: "gate-revoke",
  correct: "correct",
  delete: "delete",
} as const;

const notFound = message("operation:inout.errors.notFound");

/**
 * Who signs in: name, company, role or trade, worker or visitor, and whether they did the site induction. A
 * worker who has not is refused (decision 040); a visitor may come in uninducted, escorted, and is flagged.
 */
export const signInSchema = z
  .object({
    name: requiredText(IN_OUT_LIMITS.name),
    company: requiredText(IN_OUT_LIMITS.company),
    role: optionalText(IN_OUT_LIMITS.role),
    kind: z.enum(IN_OUT_KINDS, { error: message("operation:inout.errors.kind") }),
    inducted: checkboxField,
  })
  .superRefine((value, context) => {
    if (value.kind === "worker" && !value.inducted)
      context.addIssue({
        code: "custom",
        path: ["inducted"],
        message: message("operation:inout.errors.notInducted"),
      });
  });
export type SignInValues = z.output<typeof signInSchema>;

export const signOutSchema = z.object({ recordId: z.uuid({ error: notFound }) });
export const gateRevokeSchema = z.object({ gateId: z.uuid({ error: notFound }) });

const clockTime = (error: string) =>
  z.string({ error: requiredMessage }).trim().refine(isClockTime, { error });

/**
 * A correction of a stay's times (HH:mm on its site day, the project's clock) with the reason for it; a stay
 * still open may be given its sign-out time. The sign-out comes after the sign-in.
 */
export const correctionSchema = z
  .object({
    signedIn: clockTime(message("operation:inout.errors.invalidTime")),
    signedOut: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null)
      .refine((value) => value === null || isClockTime(value), {
        error: message("operation:inout.errors.invalidTime"),
      }),
    reason: requiredText(IN_OUT_LIMITS.reason),
  })
  .superRefine((value, context) => {
    if (value.signedOut !== null && value.signedOut <= value.signedIn)
      context.addIssue({
        code: "custom",
        path: ["signedOut"],
        message: message("operation:inout.errors.outBeforeIn"),
      });
  });
export type CorrectionValues = z.output<typeof correctionSchema>;

/** Without a dialog, the confirmation is a checkbox the server insists on. */
export const deleteSchema = z.object({
  confirmed: z.literal("on", { error: message("operation:inout.errors.confirmDelete") }),
});

// ---------------------------------------------------------------------------------------------------
// The page's query: everything in the URL.

export const IN_OUT_TABS = ["in-out", "activity"] as const;
export type InOutTab = (typeof IN_OUT_TABS)[number];

export function readInOutQuery(params: URLSearchParams, today: string) {
  const tab = params.get("tab");
  const date = params.get("date");
  return {
    tab: (IN_OUT_TABS as readonly string[]).includes(tab ?? "") ? (tab as InOutTab) : "in-out",
    // A day after today has no records: it is refused like a malformed one.
    date: date && isIsoDay(date) && date <= today ? date : today,
    q: (params.get("q") ?? "").trim().slice(0, 100),
  };
}
export type InOutQuery = ReturnType<typeof readInOutQuery>;
