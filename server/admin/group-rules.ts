import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { tagsFromForm } from "~/app/ui/tags-input-rules";
import { isEmailAddress } from "~/app/utils/email";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";

/** Group rules shared by the server and the browser's form validation: no Remix, no MikroORM here. */

export const GROUPS_PATH = "/project-settings/group";

export const GROUP_LIMITS = {
  name: 120,
  description: 2000,
  /** A worker is a person's name. */
  workerName: 120,
  /** Workers and external users, each list. */
  listSize: 100,
} as const;

/** A form value that may be missing, one value or several (conform hands over what was posted). */
function postedValues(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((entry): entry is string => typeof entry === "string");
}

/** Worker names as typed in the tags box, one each: the same name in another case is the same worker. */
export function workerNames(value: unknown): string[] {
  return tagsFromForm(postedValues(value)).map((name) => name.replace(/\s+/g, " "));
}

/** External users' emails, trimmed and lower-cased, one each. */
export function externalEmails(value: unknown): string[] {
  return tagsFromForm(postedValues(value)).map((email) => email.toLowerCase());
}

export function invalidEmails(emails: readonly string[]): string[] {
  return emails.filter((email) => !isEmailAddress(email));
}

/** The chosen member ids, once each. */
export function memberIdsFrom(value: unknown): string[] {
  return [
    ...new Set(
      postedValues(value)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}

const tooMany = message("groups:errors.tooMany", { max: GROUP_LIMITS.listSize });

export const groupFormSchema = z.object({
  name: z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(GROUP_LIMITS.name, maxLengthMessage(GROUP_LIMITS.name)),
  description: z
    .string()
    .trim()
    .max(GROUP_LIMITS.description, maxLengthMessage(GROUP_LIMITS.description))
    .optional(),
  memberIds: z.preprocess(memberIdsFrom, z.array(z.string())),
  workers: z.preprocess(
    workerNames,
    z.array(z.string()).superRefine((names, ctx) => {
      if (names.length > GROUP_LIMITS.listSize) ctx.addIssue({ code: "custom", message: tooMany });
      else if (names.some((name) => name.length > GROUP_LIMITS.workerName))
        ctx.addIssue({ code: "custom", message: maxLengthMessage(GROUP_LIMITS.workerName) });
    }),
  ),
  externalUsers: z.preprocess(
    externalEmails,
    z.array(z.string()).superRefine((emails, ctx) => {
      if (emails.length > GROUP_LIMITS.listSize) ctx.addIssue({ code: "custom", message: tooMany });
      else if (invalidEmails(emails).length > 0)
        ctx.addIssue({ code: "custom", message: message("common:validation.invalidEmail") });
    }),
  ),
});
export type GroupForm = z.infer<typeof groupFormSchema>;

/** Ids that are not members of the project (a stale page, or a hand-made request). */
export function idsOutside(chosen: readonly string[], projectMemberIds: ReadonlySet<string>): string[] {
  return chosen.filter((id) => !projectMemberIds.has(id));
}

export const GROUP_SORTS = ["name", "createdAt"] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

export function readGroupListQuery(params: URLSearchParams) {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    ...readListSort(params, GROUP_SORTS, { sort: "name", dir: "asc" }),
  };
}
