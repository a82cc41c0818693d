import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";

/**
 * Validation messages are translation keys, with parameters after '|' as a query string
 * ("common:validation.maxLength|length=320"), translated on the server in the user's language.
 */
export function messageKey(key: string, params?: Record<string, string | number>): string {
  if (!params) return key;
  return `${key}|${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}

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
        return messageKey("common:validation.maxLength", { length: Number(issue.maximum) });
      if (issue.origin === "number")
        return messageKey("settings:validation.max", { max: Number(issue.maximum) });
      return undefined;
    case "too_small":
      if (issue.origin === "string")
        return messageKey("settings:validation.minLength", { length: Number(issue.minimum) });
      if (issue.origin === "number")
        return messageKey("settings:validation.min", { min: Number(issue.minimum) });
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

/** A message made by `messageKey`, back into its key and parameters (for a toast, say). */
export function parseMessageKey(message: string): { key: string; params: Record<string, string> } {
  const [key, query] = message.split("|");
  return { key, params: Object.fromEntries(new URLSearchParams(query ?? "")) };
}

/** One message in the user's language; a message that is not a key (zod's own text) is shown as is. */
export async function translateMessage(locale: Locale, message: string): Promise<string> {
  const { key, params } = parseMessageKey(message);
  const t = await serverT(locale, "common");
  return t(key, { ...params, defaultValue: key }) as string;
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
