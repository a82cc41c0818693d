/**
 * Dockets' forms, for the fuzz suite (tests/fuzz): the docket form with its items, its steps, comments and
 * attachments, and the resource rates page.
 */
import { z } from "zod";
import { Company, ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { Docket, DocketItem, ResourceRate } from "../entities";
import {
  docketCommentSchema,
  docketFileDeleteSchema,
  docketFormSchema,
  docketTransitionSchema,
  rateCreateSchema,
  rateEditSchema,
  rateStepSchema,
} from "../server/docket-rules";
import { flowFuzzTargets } from "./docket-posting-fuzz-targets";

const noFields = z.object({});

/**
 * A draft docket (every step but post reachable from it or refused) of the member's company, with an item
 * priced from a rate, and an unused rate.
 */
async function docketRecords(world: FuzzWorld) {
  const em = world.em;
  const company = em.create(Company, { name: "Fuzz Earthworks", taxId: "11 111 111 111" } as never);
  const member = await em.findOneOrFail(ProjectMember, {
    user: world.withRights.user.id,
    project: world.project.id,
  });
  member.company = company;
  await em.flush();
  const scoped = scopeToProject(world.em, world.project.id);
  const rate = scoped.create(ResourceRate, {
    project: world.project,
    code: "FUZZ-1",
    title: "Labourer",
    unitOfMeasure: "hr",
    unitPriceCents: 9000,
  } as never);
  const spare = scoped.create(ResourceRate, {
    project: world.project,
    code: "FUZZ-2",
    title: "Excavator",
    unitOfMeasure: "hr",
    unitPriceCents: 18000,
  } as never);
  const docket = scoped.create(Docket, {
    project: world.project,
    number: "DKT-9001",
    docketDate: "2026-11-20",
    status: "draft",
    company: company.id,
    forApprovalBy: world.withRights.user.id,
    totalCents: 18000,
  } as never);
  scoped.create(DocketItem, {
    project: world.project,
    docket,
    position: 0,
    resourceRate: rate,
    code: "FUZZ-1",
    title: "Labourer",
    unitOfMeasure: "hr",
    unitPriceCents: 9000,
    quantity: "2",
    amountCents: 18000,
  } as never);
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new dockets start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'DKT', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return {
    docket,
    ids: [docket.id, rate.id, spare.id, company.id, world.withRights.user.id],
  };
}

const on = () => ({
  async arrange(world: FuzzWorld) {
    const records = await docketRecords(world);
    return { params: { id: records.docket.id }, ids: records.ids };
  },
});

export const targets = fuzzTargets({
  // --- register and details targets ---
  "/dockets/create": {
    forms: [{ name: "new docket", schema: docketFormSchema }],
    async arrange(world) {
      return { ids: (await docketRecords(world)).ids };
    },
  },
  "/dockets/:id": {
    forms: [
      { name: "transition", schema: docketTransitionSchema },
      { name: "comment", schema: docketCommentSchema },
      { name: "file-delete", schema: docketFileDeleteSchema },
    ],
    ...on(),
  },
  "/dockets/:id/edit": { forms: [{ name: "edit", schema: docketFormSchema }], ...on() },
  "/dockets/:id/files": {
    forms: [
      { name: "files", schema: noFields, files: ["files"] },
      { name: "no file", schema: noFields },
    ],
    ...on(),
  },
  "/dockets/settings/resource-rates": {
    forms: [
      { name: "create", schema: rateCreateSchema },
      { name: "edit", schema: rateEditSchema },
      { name: "step", schema: rateStepSchema },
    ],
    async arrange(world) {
      return { ids: (await docketRecords(world)).ids };
    },
  },
  // --- end register and details targets ---
  // --- intray, signing and posting targets ---
  ...flowFuzzTargets,
  // --- end intray, signing and posting targets ---
});
