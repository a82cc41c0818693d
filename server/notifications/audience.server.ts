import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, type IUser, User } from "~/server/db/entities";
import type { PermissionKey } from "~/server/permissions/keys";
import { membersGranted } from "./notify.server";

/**
 * Who a workflow step tells, in words every module uses: the project's members holding a permission (the
 * reviewers of the next step), or named people (the submitter, the creator). Resolved to active users,
 * each once; notify() leaves out the person who acted.
 */
export type Audience = { holdersOf: PermissionKey } | { people: readonly (string | null | undefined)[] };

export async function audienceMembers(
  em: EntityManager,
  project: Pick<IProject, "id" | "language">,
  audiences: readonly Audience[],
): Promise<IUser[]> {
  const found = new Map<string, IUser>();
  for (const audience of audiences) {
    const users =
      "holdersOf" in audience
        ? await membersGranted(em, project, audience.holdersOf)
        : await em.find(User, {
            id: { $in: audience.people.filter((id): id is string => Boolean(id)) },
            isActive: true,
          });
    for (const user of users) found.set(user.id, user);
  }
  return [...found.values()];
}
