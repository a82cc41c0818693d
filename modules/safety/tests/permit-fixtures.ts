import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { signedInMember } from "~/tests/setup/requests";
import { checklistFor, PERMIT_PERMISSIONS, type PermitType } from "../domain/permit-workflow";
import { SDS_PERMISSIONS } from "../domain/sds-workflow";
import { type ISafetyPermit, type ISafetySds, SafetyPermit, SafetySds } from "../entities";

/** Permit and SDS tests' people and records. */

const P = PERMIT_PERMISSIONS;

/**
 * A project with a site engineer who prepares permits and receives them (and files sheets), a supervisor
 * who issues them, an HSSE manager (every right: a manager of every permit) and a viewer.
 */
export async function permitSite(em: EntityManager, project: IProject) {
  const engineer = await signedInMember(
    em,
    project,
    [
      P.view,
      P.create,
      P.edit,
      P.updateStatus,
      P.close,
      SDS_PERMISSIONS.view,
      SDS_PERMISSIONS.create,
      SDS_PERMISSIONS.edit,
      SDS_PERMISSIONS.updateStatus,
    ],
    { name: "Erin Engineer" },
  );
  const issuer = await signedInMember(
    em,
    project,
    [P.view, P.approve, P.close, SDS_PERMISSIONS.view, SDS_PERMISSIONS.close],
    {
      name: "Ian Issuer",
    },
  );
  const manager = await signedInMember(
    em,
    project,
    [...Object.values(P), ...Object.values(SDS_PERMISSIONS)],
    {
      name: "Mona Manager",
    },
  );
  const viewer = await signedInMember(em, project, [P.view, SDS_PERMISSIONS.view], { name: "Vic Viewer" });
  return { engineer, issuer, manager, viewer };
}

export const permitsOf = (em: EntityManager, project: IProject) =>
  scopeToProject(em, project.id).find(SafetyPermit, {}, { orderBy: { sequence: "asc" } });

/** A permit stored directly (register and step tests), with overrides. */
export async function makePermit(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string },
): Promise<ISafetyPermit> {
  const scoped = scopeToProject(em, project.id);
  const type = (overrides.type as PermitType | undefined) ?? "hot_work";
  const permit = scoped.create(SafetyPermit, {
    project,
    type,
    title: "Welding handrail brackets",
    validFrom: new Date(Date.now() - 3_600_000),
    validTo: new Date(Date.now() + 8 * 3_600_000),
    checklist: checklistFor(type),
    status: "IN_PROGRESS",
    ...overrides,
  } as never) as ISafetyPermit;
  await scoped.flush();
  return permit;
}

export async function makeSds(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string },
): Promise<ISafetySds> {
  const scoped = scopeToProject(em, project.id);
  const sds = scoped.create(SafetySds, {
    project,
    product: "Diesel fuel",
    supplier: "BP",
    issueDate: "2024-01-10",
    expiryDate: "2029-01-10",
    status: "IN_PROGRESS",
    ...overrides,
  } as never) as ISafetySds;
  await scoped.flush();
  return sds;
}
