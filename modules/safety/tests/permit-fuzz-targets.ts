/** The permit and SDS forms, for the fuzz suite (tests/fuzz): the permit form, its steps and checklist; the SDS form, its steps and files. */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { checklistFor } from "../domain/permit-workflow";
import { SafetyPermit, SafetySds } from "../entities";
import { permitChecklistSchema, permitFormSchema, permitTransitionSchema } from "../server/permit-rules";
import { sdsFormSchema, sdsTransitionSchema } from "../server/sds-rules";

const noFields = z.object({});

/**
 * A permit being prepared by the member with rights, who is also its issuer and receiver (every step and the
 * checklist reachable), and a sheet being filed.
 */
async function permitRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const permit = scoped.create(SafetyPermit, {
    project: world.project,
    number: "PTW-9001",
    type: "hot_work",
    title: "Welding handrail brackets",
    validFrom: new Date(Date.now() - 3_600_000),
    validTo: new Date(Date.now() + 8 * 3_600_000),
    checklist: checklistFor("hot_work"),
    status: "IN_PROGRESS",
    issuer: user,
    receiver: user,
    createdBy: user,
  } as never) as { id: string };
  const sds = scoped.create(SafetySds, {
    project: world.project,
    number: "SDS-9001",
    product: "Diesel fuel",
    supplier: "BP",
    issueDate: "2025-01-10",
    expiryDate: "2030-01-10",
    status: "IN_PROGRESS",
    createdBy: user,
  } as never) as { id: string };
  await scoped.flush();
  // The fixtures' numbers were not drawn from the project's counters: new records start past them.
  for (const kind of ["PTW", "SDS"])
    await world.em.execute(
      `insert into project_counter (project_id, kind, value) values (?, ?, 9001)
       on conflict (project_id, kind) do update set value = 9001`,
      [world.project.id, kind],
    );
  return { permit, sds, ids: [permit.id, sds.id, user.id, world.withoutRights.user.id] };
}

const on = (params: (records: Awaited<ReturnType<typeof permitRecords>>) => Record<string, string>) => ({
  async arrange(world: FuzzWorld) {
    const records = await permitRecords(world);
    return { params: params(records), ids: records.ids };
  },
});

export const permitTargets = fuzzTargets({
  "/safety/permits/create": {
    forms: [{ name: "new permit", schema: permitFormSchema }],
    async arrange(world) {
      return { ids: (await permitRecords(world)).ids };
    },
  },
  "/safety/permits/details/:id": {
    forms: [
      { name: "transition", schema: permitTransitionSchema },
      { name: "checklist", schema: permitChecklistSchema },
    ],
    ...on(({ permit }) => ({ id: permit.id })),
  },
  "/safety/permits/details/:id/edit": {
    forms: [{ name: "edit", schema: permitFormSchema }],
    ...on(({ permit }) => ({ id: permit.id })),
  },
  "/safety/sds/create": {
    forms: [{ name: "new sheet", schema: sdsFormSchema, files: ["file"] }],
  },
  "/safety/sds/:id": {
    forms: [{ name: "transition", schema: sdsTransitionSchema }],
    ...on(({ sds }) => ({ id: sds.id })),
  },
  "/safety/sds/:id/edit": {
    forms: [{ name: "edit", schema: sdsFormSchema }],
    ...on(({ sds }) => ({ id: sds.id })),
  },
  "/safety/sds/:id/files": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    ...on(({ sds }) => ({ id: sds.id })),
  },
});
