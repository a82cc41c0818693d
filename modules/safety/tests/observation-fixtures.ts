import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { signedInMember } from "~/tests/setup/requests";
import { ACTION_PERMISSIONS } from "../domain/action-workflow";
import { ENFORCEMENT_PERMISSIONS } from "../domain/enforcement-scan";
import { OBSERVATION_PERMISSIONS } from "../domain/observation-workflow";
import {
  type ISafetyEnforcementScan,
  type ISafetyObservation,
  SafetyEnforcementScan,
  SafetyObservation,
} from "../entities";

/** Observation and enforcement tests' people and records. */

const O = OBSERVATION_PERMISSIONS;

/**
 * A project with a site engineer who raises observations and checks them (and raises actions, records
 * scans), a worker who puts them right, an HSSE manager (every right) and a viewer.
 */
export async function observationSite(em: EntityManager, project: IProject) {
  const engineer = await signedInMember(
    em,
    project,
    [
      O.view,
      O.create,
      O.edit,
      O.updateStatus,
      O.close,
      ACTION_PERMISSIONS.view,
      ACTION_PERMISSIONS.create,
      ...Object.values(ENFORCEMENT_PERMISSIONS),
    ],
    { name: "Erin Engineer" },
  );
  const worker = await signedInMember(em, project, [O.view, O.updateStatus], { name: "Wade Worker" });
  const manager = await signedInMember(
    em,
    project,
    [...Object.values(O), ...Object.values(ACTION_PERMISSIONS), ...Object.values(ENFORCEMENT_PERMISSIONS)],
    { name: "Mona Manager" },
  );
  const viewer = await signedInMember(em, project, [O.view, ENFORCEMENT_PERMISSIONS.view], {
    name: "Vic Viewer",
  });
  return { engineer, worker, manager, viewer };
}

export async function makeLocation(em: EntityManager, project: IProject, name: string, parentId?: string) {
  const created = await createLocation(
    { em: scopeToProject(em, project.id), projectId: project.id, actorId: null },
    { name, parentId: parentId ?? null },
  );
  if (!created.ok) throw new Error(`location ${name} not created`);
  return created.value;
}

export const observationsOf = (em: EntityManager, project: IProject) =>
  scopeToProject(em, project.id).find(SafetyObservation, {}, { orderBy: { sequence: "asc" } });

/** An observation stored directly (register and step tests), with overrides. */
export async function makeObservation(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string },
): Promise<ISafetyObservation> {
  const scoped = scopeToProject(em, project.id);
  const observation = scoped.create(SafetyObservation, {
    project,
    kind: "unsafe_condition",
    title: "Unguarded edge at the stair core",
    observedOn: "2026-11-20",
    status: "open",
    ...overrides,
  } as never) as ISafetyObservation;
  await scoped.flush();
  return observation;
}

export async function makeScan(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string },
): Promise<ISafetyEnforcementScan> {
  const scoped = scopeToProject(em, project.id);
  const scan = scoped.create(SafetyEnforcementScan, {
    project,
    objectType: "PLANT_AND_MACHINERY",
    objectId: "PM-0042",
    objectName: "Komatsu PC210 excavator",
    status: "PASS",
    ...overrides,
  } as never) as ISafetyEnforcementScan;
  await scoped.flush();
  return scan;
}
