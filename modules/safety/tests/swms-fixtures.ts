import type { EntityManager } from "@mikro-orm/postgresql";
import { type ICompany, type IProject, ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany } from "~/tests/factories";
import { signedInMember } from "~/tests/setup/requests";
import { SWMS_PERMISSIONS } from "../domain/swms-workflow";
import { type ISafetySwms, SafetySwms } from "../entities";

/** SWMS tests' people and records. */

const S = SWMS_PERMISSIONS;

async function atCompany(em: EntityManager, project: IProject, userId: string, company: ICompany) {
  const member = await em.findOneOrFail(ProjectMember, { project: project.id, user: userId });
  member.company = company;
  await em.flush();
}

/**
 * A project with a principal contractor and a scaffolding subcontractor: the subcontractor's supervisor (writes
 * and submits their company's SWMS: subcontractor view), two HSSE reviewers (manage review and sign-off; the
 * second does final reviews), a viewer, and a member of another subcontractor.
 */
export async function swmsSite(em: EntityManager, project: IProject) {
  const principal = await createCompany(em, { name: "Principal Builders" });
  const scaffold = await createCompany(em, { name: "Scaffold Co" });
  const electrical = await createCompany(em, { name: "Sparks Electrical" });
  const author = await signedInMember(
    em,
    project,
    [S.subcontractorView, S.create, S.edit, S.delete, S.archive],
    {
      name: "Sam Supervisor",
    },
  );
  await atCompany(em, project, author.user.id, scaffold);
  const reviewer = await signedInMember(em, project, Object.values(S), { name: "Rita Reviewer" });
  await atCompany(em, project, reviewer.user.id, principal);
  const finalReviewer = await signedInMember(em, project, Object.values(S), { name: "Fred Final" });
  await atCompany(em, project, finalReviewer.user.id, principal);
  const viewer = await signedInMember(em, project, [S.view], { name: "Vic Viewer" });
  const other = await signedInMember(em, project, [S.subcontractorView, S.create, S.edit], {
    name: "Eli Electric",
  });
  await atCompany(em, project, other.user.id, electrical);
  return { principal, scaffold, electrical, author, reviewer, finalReviewer, viewer, other };
}

export const swmsOf = (em: EntityManager, project: IProject) =>
  scopeToProject(em, project.id).find(SafetySwms, {}, { orderBy: { sequence: "asc" } });

/** A SWMS stored directly (register and step tests), with overrides. */
export async function makeSwms(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string; company: ICompany },
): Promise<ISafetySwms> {
  const scoped = scopeToProject(em, project.id);
  const swms = scoped.create(SafetySwms, {
    project,
    title: "Erect scaffold to level 3",
    type: "product",
    status: "draft",
    ...overrides,
  } as never) as ISafetySwms;
  await scoped.flush();
  return swms;
}
