import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany } from "~/tests/factories";
import { signedInMember } from "~/tests/setup/requests";
import { DOWNSTREAM_PERMISSIONS, INDIRECT_PERMISSIONS } from "../domain/downstream-workflow";
import { type ISubcontract, type ISubcontractClaim, Subcontract, SubcontractClaim } from "../entities";

/** The variations, back charges, securities and indirect costs tests' people and records. */

const P = DOWNSTREAM_PERMISSIONS;

/**
 * A contracts manager with every downstream right, a viewer who only looks, a clerk who may add and step rows but
 * not delete them or touch securities, and a cost controller with every indirect right.
 */
export async function changesTeam(em: EntityManager, project: IProject) {
  const manager = await signedInMember(em, project, Object.values(P), { name: "Mia Manager" });
  const viewer = await signedInMember(em, project, [P.view], { name: "Vic Viewer" });
  const clerk = await signedInMember(em, project, [P.view, P.create, P.updateStatus], { name: "Cal Clerk" });
  const controller = await signedInMember(em, project, Object.values(INDIRECT_PERMISSIONS), {
    name: "Coco Controller",
  });
  const indirectViewer = await signedInMember(em, project, [INDIRECT_PERMISSIONS.view], {
    name: "Ivy Indirect",
  });
  return { manager, viewer, clerk, controller, indirectViewer };
}

/** A subcontract stored directly (executed), with overrides. */
export async function makeSubcontract(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> = {},
): Promise<ISubcontract> {
  const company = await createCompany(em, { name: "Formwork Pty Ltd" } as never);
  const scoped = scopeToProject(em, project.id);
  const subcontract = scoped.create(Subcontract, {
    project,
    code: "SC-001",
    title: "Formwork and falsework",
    company,
    type: "lump_sum",
    contractSumCents: 250_000_00,
    status: "executed",
    ...overrides,
  } as never) as ISubcontract;
  await scoped.flush();
  return subcontract;
}

/** A payment claim of the subcontract stored directly, to take rows in. */
export async function makeSubcontractClaim(
  em: EntityManager,
  project: IProject,
  subcontract: ISubcontract,
  number = 1,
): Promise<ISubcontractClaim> {
  const scoped = scopeToProject(em, project.id);
  const claim = scoped.create(SubcontractClaim, {
    project,
    subcontract,
    number,
    billingPeriodEnd: "2026-10-31",
    status: "submitted",
  } as never) as ISubcontractClaim;
  await scoped.flush();
  return claim;
}
