import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { message, translateMessage as translateMessageText } from "~/app/utils/message-key";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";

/**
 * Turns zod's issues into the product's messages (spec 5). Module manifests declare plain schemas, so
 * their settings forms get these messages without each module writing its own.
 */
export const settingsErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === "") return "common:validation.required";
      if (issue.expected === "number") return "common:validation.invalidNumber";
      if (issue.expected === "int") return "settings:validation.wholeNumber";
      return "common:validation.required";
    case "too_big":
      if (issue.origin === "string")
        return message("common:validation.maxLength", { length: Number(issue.maximum) });
      if (issue.origin === "number")
        return message("settings:validation.max", { max: Number(issue.maximum) });
      return undefined;
    case "too_small":
      if (issue.origin === "string")
        return message("settings:validation.minLength", { length: Number(issue.minimum) });
      if (issue.origin === "number")
        return message("settings:validation.min", { min: Number(issue.minimum) });
      return undefined;
    case "invalid_format":
      if (issue.format === "email") return "common:validation.invalidEmail";
      if (issue.format === "url") return "settings:validation.invalidUrl";
      return undefined;
    case "invalid_value":
      return "settings:validation.invalidOption";
    default:
      return undefined;
  }
};

/** One message (app/utils/message-key) in the user's language; zod's own wording is shown as is. */
export async function translateMessage(locale: Locale, message: string): Promise<string> {
  return translateMessageText(await serverT(locale, "common"), message);
}

/** The conform reply with its messages translated, ready for the page to show. */
export async function translateReply(locale: Locale, reply: SubmissionResult): Promise<SubmissionResult> {
  if (!reply.error) return reply;
  const error: Record<string, string[] | null> = {};
  for (const [name, messages] of Object.entries(reply.error)) {
    error[name] = messages
      ? await Promise.all(messages.map((message) => translateMessage(locale, message)))
      : null;
  }
  return { ...reply, error };
}
