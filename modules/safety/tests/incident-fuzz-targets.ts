/** The incident forms, for the fuzz suite (tests/fuzz): raising, the steps' forms, the people, the lists. */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import {
  SafetyIncident,
  SafetyIncidentInjuredPerson,
  SafetyIncidentReferenceItem,
  SafetyIncidentVictim,
  SafetyIncidentWitness,
} from "../entities";
import { fileDeleteSchema } from "../server/incident-files.server";
import {
  drugTestSchema,
  incidentBasicSchema,
  incidentPartySchema,
  incidentReassignSchema,
  incidentTransitionSchema,
  injuredPersonSchema,
  referenceAddSchema,
  referenceArchiveSchema,
  referenceRenameSchema,
  rowDeleteSchema,
} from "../server/incident-rules";

const noFields = z.object({});

/** A raised incident reported by and assigned to the member with rights (every section and step open), with a victim, a witness and a list item. */
async function incidentRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const incident = scoped.create(SafetyIncident, {
    project: world.project,
    number: "INC-9001",
    title: "Worker struck by a swinging load",
    status: "RAISED",
    occurredAt: new Date(Date.now() - 3_600_000),
    impactAreas: ["People"],
    reporter: user,
    shePerson: user,
  } as never) as { id: string };
  const victim = scoped.create(SafetyIncidentVictim, {
    project: world.project,
    incident,
    fullName: "Lena Morris",
  } as never);
  const witness = scoped.create(SafetyIncidentWitness, {
    project: world.project,
    incident,
    fullName: "Wendy Watcher",
  } as never);
  const item = scoped.create(SafetyIncidentReferenceItem, {
    project: world.project,
    category: "DRUG_DETECTED",
    label: "Alcohol",
    labelKey: "alcohol",
  } as never);
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new incidents start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'INC', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return {
    incident,
    victim,
    witness,
    ids: [incident.id, victim.id, witness.id, item.id, user.id, world.withoutRights.user.id],
  };
}

const on = (params: (records: Awaited<ReturnType<typeof incidentRecords>>) => Record<string, string>) => ({
  async arrange(world: FuzzWorld) {
    const records = await incidentRecords(world);
    return { params: params(records), ids: records.ids };
  },
});

export const incidentTargets = fuzzTargets({
  "/safety/ims/raise-incident": {
    forms: [{ name: "raise", schema: incidentBasicSchema, fixed: { intent: "save" } }],
    async arrange(world) {
      return { ids: (await incidentRecords(world)).ids };
    },
  },
  "/safety/ims/notification": {
    forms: settingsFuzzForms("project").filter(
      (form) => form.fixed?.moduleId === "safety" && form.fixed?.form === "incidentNotifications",
    ),
  },
  "/safety/ims/view/:id": {
    forms: [
      { name: "transition", schema: incidentTransitionSchema },
      { name: "lock", schema: noFields, fixed: { intent: "lock" } },
      { name: "unlock", schema: noFields, fixed: { intent: "unlock" } },
      { name: "reassign", schema: incidentReassignSchema },
    ],
    ...on(({ incident }) => ({ id: incident.id })),
  },
  "/safety/ims/edit/:id": {
    forms: [
      { name: "basic", schema: incidentBasicSchema, fixed: { intent: "save" } },
      { name: "injured-save", schema: injuredPersonSchema },
      { name: "drug-save", schema: drugTestSchema },
      { name: "row-delete", schema: rowDeleteSchema },
      { name: "file-delete", schema: fileDeleteSchema },
    ],
    async arrange(world) {
      const records = await incidentRecords(world);
      return { params: { id: records.incident.id }, search: "?step=basic", ids: records.ids };
    },
  },
  "/safety/ims/:incidentId/injured/:personId/files": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const records = await incidentRecords(world);
      const scoped = scopeToProject(world.em, world.project.id);
      const person = scoped.create(SafetyIncidentInjuredPerson, {
        project: world.project,
        incident: records.incident,
        fullName: "Tom Rigger",
        classification: "first_aid",
      } as never) as { id: string };
      await scoped.flush();
      return { params: { incidentId: records.incident.id, personId: person.id }, ids: records.ids };
    },
  },
  "/safety/ims/:incidentId/report": {
    forms: [{ name: "generate", schema: noFields }],
    ...on(({ incident }) => ({ incidentId: incident.id })),
  },
  "/safety/ims/:incidentId/victims/create": {
    forms: [{ name: "victim", schema: incidentPartySchema }],
    ...on(({ incident }) => ({ incidentId: incident.id })),
  },
  "/safety/ims/:incidentId/victims/:victimId": {
    forms: [{ name: "delete", schema: noFields, fixed: { intent: "delete" } }],
    ...on(({ incident, victim }) => ({ incidentId: incident.id, victimId: (victim as { id: string }).id })),
  },
  "/safety/ims/:incidentId/victims/:victimId/edit": {
    forms: [{ name: "victim", schema: incidentPartySchema }],
    ...on(({ incident, victim }) => ({ incidentId: incident.id, victimId: (victim as { id: string }).id })),
  },
  "/safety/ims/:incidentId/witness/create": {
    forms: [{ name: "witness", schema: incidentPartySchema }],
    ...on(({ incident }) => ({ incidentId: incident.id })),
  },
  "/safety/ims/:incidentId/witness/:witnessId": {
    forms: [{ name: "delete", schema: noFields, fixed: { intent: "delete" } }],
    ...on(({ incident, witness }) => ({
      incidentId: incident.id,
      witnessId: (witness as { id: string }).id,
    })),
  },
  "/safety/ims/:incidentId/witness/:witnessId/edit": {
    forms: [{ name: "witness", schema: incidentPartySchema }],
    ...on(({ incident, witness }) => ({
      incidentId: incident.id,
      witnessId: (witness as { id: string }).id,
    })),
  },
  "/safety/setting/reference-lists": {
    forms: [
      { name: "add", schema: referenceAddSchema },
      { name: "rename", schema: referenceRenameSchema },
      { name: "archive", schema: referenceArchiveSchema },
    ],
    async arrange(world) {
      return { ids: (await incidentRecords(world)).ids };
    },
  },
});
