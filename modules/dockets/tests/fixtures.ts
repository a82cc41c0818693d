import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { createCompany } from "~/tests/factories";
import { signedInMember } from "~/tests/setup/requests";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import { Docket, DocketItem, type IDocket, type IResourceRate, ResourceRate } from "../entities";

/** Dockets tests' people, companies, areas and records. */

const P = DOCKET_PERMISSIONS;

/**
 * A project with two subcontractor companies (each a member's, with an ABN), a site clerk who writes dockets
 * up and submits them, an approver, a manager with every right and a viewer.
 */
export async function docketSite(em: EntityManager, project: IProject) {
  const earthworks = await createCompany(em, { name: "Acme Earthworks", taxId: "51 824 753 556" });
  const hire = await createCompany(em, { name: "Bolt Plant Hire", taxId: "33 102 417 032" });
  const clerk = await signedInMember(em, project, [P.view, P.create, P.edit, P.submit, P.rateView], {
    name: "Cleo Clerk",
  });
  const approver = await signedInMember(em, project, [P.view, P.approve], { name: "Abe Approver" });
  const manager = await signedInMember(em, project, Object.values(P), { name: "Mona Manager" });
  const viewer = await signedInMember(em, project, [P.view], { name: "Vic Viewer" });
  for (const [who, company] of [
    [approver, earthworks],
    [viewer, hire],
  ] as const) {
    const member = await em.findOneOrFail(ProjectMember, { user: who.user.id, project: project.id });
    member.company = company;
  }
  await em.flush();
  return { earthworks, hire, clerk, approver, manager, viewer };
}

export async function makeArea(em: EntityManager, project: IProject, name: string, parentId?: string) {
  const created = await createLocation(
    { em: scopeToProject(em, project.id), projectId: project.id, actorId: null },
    { name, parentId: parentId ?? null },
  );
  if (!created.ok) throw new Error(`location ${name} not created`);
  return created.value;
}

export async function makeRate(
  em: EntityManager,
  project: IProject,
  overrides: Partial<Record<keyof IResourceRate, unknown>> & { code: string; unitPriceCents: number },
): Promise<IResourceRate> {
  const scoped = scopeToProject(em, project.id);
  const rate = scoped.create(ResourceRate, {
    project,
    title: `Rate ${overrides.code}`,
    unitOfMeasure: "hr",
    active: true,
    ...overrides,
  } as never) as IResourceRate;
  await scoped.flush();
  return rate;
}

/** A docket stored directly (register tests), with items of amounts in cents and its total kept. */
export async function makeDocket(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string },
  amounts: number[] = [10_000],
): Promise<IDocket> {
  const scoped = scopeToProject(em, project.id);
  const docket = scoped.create(Docket, {
    project,
    docketDate: "2026-11-20",
    status: "draft",
    totalCents: amounts.reduce((sum, amount) => sum + amount, 0),
    ...overrides,
  } as never) as IDocket;
  amounts.forEach((amount, position) => {
    scoped.create(DocketItem, {
      project,
      docket,
      position,
      code: `C${position}`,
      title: "Labour",
      unitOfMeasure: "hr",
      unitPriceCents: amount,
      quantity: "1",
      amountCents: amount,
    } as never);
  });
  await scoped.flush();
  return docket;
}
