/**
 * Plant's forms, for the fuzz suite (tests/fuzz): the plant form, its steps, pre-start checks, inspections,
 * documents (with a file) and their removal, and the two settings pages.
 */
import { z } from "zod";
import { Company, ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { PlantDocument, PlantItem } from "../entities";
import {
  documentDeleteSchema,
  documentFormSchema,
  inspectionSchema,
  plantFormSchema,
  plantTransitionSchema,
  preStartSchema,
} from "../server/plant-rules";

const noFields = z.object({});

/** A plant item being registered (every step reachable) owned by the member's company, with one document. */
async function plantRecords(world: FuzzWorld) {
  const em = world.em;
  const owner = em.create(Company, { name: "Fuzz Hire" } as never);
  const member = await em.findOneOrFail(ProjectMember, {
    user: world.withRights.user.id,
    project: world.project.id,
  });
  member.company = owner;
  await em.flush();
  const scoped = scopeToProject(world.em, world.project.id);
  const plant = scoped.create(PlantItem, {
    project: world.project,
    number: "PLT-9001",
    make: "Komatsu",
    model: "PC210",
    serial: "FUZZ 1",
    serialKey: "FUZZ 1",
    ownerCompany: owner.id,
    status: "IN_PROGRESS",
    onHireDate: "2026-11-01",
  } as never);
  const document = scoped.create(PlantDocument, {
    project: world.project,
    plant,
    kind: "registration",
    title: "Registration",
    expiryDate: "2026-12-01",
  } as never);
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new plant items start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'PLT', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return { plant, document, ids: [plant.id, document.id, owner.id, world.withRights.user.id] };
}

const on = () => ({
  async arrange(world: FuzzWorld) {
    const records = await plantRecords(world);
    return { params: { id: records.plant.id }, ids: records.ids };
  },
});

const settingsForm = (form: string) =>
  settingsFuzzForms("project").filter(
    (entry) => entry.fixed?.moduleId === "plant" && entry.fixed.form === form,
  );

export const targets = fuzzTargets({
  "/plants-and-machinery/create": {
    forms: [{ name: "new plant", schema: plantFormSchema }],
    async arrange(world) {
      return { ids: (await plantRecords(world)).ids };
    },
  },
  "/plants-and-machinery/:id": {
    forms: [
      { name: "transition", schema: plantTransitionSchema },
      { name: "pre-start", schema: preStartSchema },
      { name: "inspection", schema: inspectionSchema },
      { name: "document-delete", schema: documentDeleteSchema },
    ],
    ...on(),
  },
  "/plants-and-machinery/:id/edit": {
    forms: [{ name: "edit", schema: plantFormSchema }],
    ...on(),
  },
  "/plants-and-machinery/:id/documents": {
    forms: [
      { name: "document", schema: documentFormSchema, files: ["file"] },
      { name: "no file", schema: noFields },
    ],
    ...on(),
  },
  "/plants-and-machinery/notification-settings": { forms: settingsForm("plantNotifications") },
  "/plants-and-machinery/settings": { forms: settingsForm("plantSettings") },
});
