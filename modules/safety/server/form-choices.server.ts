import type { EntityManager } from "@mikro-orm/postgresql";
import { Location } from "~/server/db/entities";
import { notProjectMembers } from "~/server/members/project-members.server";

/**
 * Field errors for a form's choices that are not the project's: a member field naming someone who is not an
 * active member, a location of another project (a stale or forged choice). Empty when every choice holds.
 */
export async function choiceErrors(
  em: EntityManager,
  projectId: string,
  choices: { members: Record<string, string | undefined>; locationId?: string },
  notFound: string,
) {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, userId] of Object.entries(choices.members))
    if (userId && (await notProjectMembers(em, projectId, [userId])).length > 0)
      fieldErrors[field] = [notFound];
  if (
    choices.locationId &&
    !(await em.findOne(Location, { id: choices.locationId, project: projectId }, { fields: ["id"] }))
  )
    fieldErrors.locationId = [notFound];
  return fieldErrors;
}
