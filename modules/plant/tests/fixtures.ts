import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, Notification, ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { findSettingsForm, saveSettings } from "~/server/settings/settings.server";
import { createCompany } from "~/tests/factories";
import { signedInMember } from "~/tests/setup/requests";
import type { CheckItem } from "../domain/plant-rules";
import { PLANT_PERMISSIONS } from "../domain/plant-workflow";
import { type IPlantItem, PlantCheck, PlantDocument, PlantItem } from "../entities";

/** Plant tests' people and records. */

const P = PLANT_PERMISSIONS;

/**
 * A project with an owner company (a member's), a site engineer who registers plant, keeps its documents and
 * records checks, a plant manager who approves, off-hires and archives (every right), and a viewer.
 */
export async function plantSite(em: EntityManager, project: IProject) {
  const owner = await createCompany(em, { name: "Coates Hire" });
  const engineer = await signedInMember(
    em,
    project,
    [P.view, P.create, P.edit, P.updateStatus, P.recordChecks],
    { name: "Erin Engineer" },
  );
  const manager = await signedInMember(em, project, Object.values(P), { name: "Mona Manager" });
  const viewer = await signedInMember(em, project, [P.view], { name: "Vic Viewer" });
  // The owner company is the project's through a member of it.
  const member = await em.findOneOrFail(ProjectMember, { user: viewer.user.id, project: project.id });
  member.company = owner;
  await em.flush();
  return { owner, engineer, manager, viewer };
}

/** A plant item stored directly (register, diary and home tests), with overrides. */
export async function makePlant(
  em: EntityManager,
  project: IProject,
  owner: { id: string },
  overrides: Record<string, unknown> & { number: string },
): Promise<IPlantItem> {
  const scoped = scopeToProject(em, project.id);
  const serial = (overrides.serial as string | undefined) ?? `REG-${overrides.number}`;
  const plant = scoped.create(PlantItem, {
    project,
    make: "Komatsu",
    model: "PC210",
    serial,
    serialKey: serial.toUpperCase(),
    ownerCompany: owner.id,
    status: "IN_PROGRESS",
    ...overrides,
  } as never) as IPlantItem;
  await scoped.flush();
  return plant;
}

export async function makeDocument(
  em: EntityManager,
  plant: IPlantItem,
  overrides: { title: string; expiryDate: string | null; kind?: string },
) {
  const scoped = scopeToProject(em, plant.project.id);
  const document = scoped.create(PlantDocument, {
    project: plant.project,
    plant,
    kind: "registration",
    ...overrides,
  } as never);
  await scoped.flush();
  return document;
}

export async function makeCheck(
  em: EntityManager,
  plant: IPlantItem,
  checkedOn: string,
  result: "PASS" | "FAIL",
) {
  const scoped = scopeToProject(em, plant.project.id);
  const items: CheckItem[] = [
    { label: "Brakes", answer: result === "FAIL" ? "fail" : "pass", comment: null },
  ];
  scoped.create(PlantCheck, {
    project: plant.project,
    plant,
    checkedOn,
    operator: "Sam",
    items,
    result,
  } as never);
  await scoped.flush();
}

export const notificationsOf = (em: EntityManager, userId: string, event?: string) =>
  em.find(
    Notification,
    { recipient: userId, ...(event ? { event } : {}) },
    { orderBy: { createdAt: "asc" } },
  );

/** Saves one of the plant settings forms for the project, as its page does. */
export async function savePlantSettings(
  em: EntityManager,
  project: IProject,
  actorId: string,
  form: "plantNotifications" | "plantSettings",
  values: Record<string, unknown>,
) {
  const ref = findSettingsForm("project", "plant", form);
  if (!ref) throw new Error(`No plant settings form ${form}`);
  await saveSettings(em, { target: { scope: "project", projectId: project.id }, ref, actorId, values });
}
