import { isUuid } from "~/server/http/responses";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { Subcontract } from "../entities";

/** The subcontract of the URL, in the signed-in project, with its company; 404 when it is not this project's. */
export async function requireSubcontract(context: ProjectContext, id: string | undefined) {
  const subcontract = isUuid(id)
    ? await context.em.findOne(Subcontract, { id, project: context.project.id }, { populate: ["company"] })
    : null;
  if (!subcontract) throw new Response("Not found", { status: 404 });
  return subcontract;
}
