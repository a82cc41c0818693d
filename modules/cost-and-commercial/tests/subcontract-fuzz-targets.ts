/**
 * The subcontract and payment-claim forms, for the fuzz suite (tests/fuzz): the subcontract's form and steps,
 * a new payment claim and a claim's steps.
 */
import { Company } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { addMember, createUser } from "~/tests/factories";
import type { FuzzWorld } from "~/tests/fuzz/targets";
import { Subcontract, SubcontractClaim } from "../entities";
import {
  subcontractClaimSchema,
  subcontractClaimTransitionSchema,
  subcontractSchema,
  subcontractTransitionSchema,
} from "../server/subcontract-forms";

/** A draft subcontract let to a company on the project, with a draft claim and a received one. */
async function downstreamRecords(world: FuzzWorld) {
  const em = world.em;
  const company = em.create(Company, { name: "Fuzz Formwork" } as never);
  await em.flush();
  await addMember(em, { project: world.project, user: await createUser(em), company });
  const scoped = scopeToProject(em, world.project.id);
  const subcontract = scoped.create(Subcontract, {
    project: world.project,
    code: "SC-FUZZ",
    title: "Fuzz subcontract",
    company,
    type: "lump_sum",
    contractSumCents: 100_000_00,
    jurisdiction: "QLD",
    status: "draft",
  } as never);
  const draft = scoped.create(SubcontractClaim, {
    project: world.project,
    subcontract,
    number: 1,
    billingPeriodEnd: "2026-10-31",
    status: "draft",
  } as never);
  const received = scoped.create(SubcontractClaim, {
    project: world.project,
    subcontract,
    number: 2,
    billingPeriodEnd: "2026-11-30",
    status: "submitted",
    receivedOn: "2026-12-01",
  } as never);
  await scoped.flush();
  return {
    subcontract,
    draft,
    received,
    ids: [company.id, subcontract.id, draft.id, received.id, world.withRights.user.id],
  };
}

const arranged = (
  params: (records: Awaited<ReturnType<typeof downstreamRecords>>) => Record<string, string>,
) => ({
  async arrange(world: FuzzWorld) {
    const records = await downstreamRecords(world);
    return { ids: records.ids, params: params(records) };
  },
});

export const subcontractTargets = {
  "/cost-and-commercial/downstream/create": {
    forms: [{ name: "subcontract", schema: subcontractSchema }],
    ...arranged(() => ({})),
  },
  "/cost-and-commercial/downstream/:subcontractId": {
    forms: [{ name: "transition", schema: subcontractTransitionSchema }],
    ...arranged((records) => ({ subcontractId: records.subcontract.id })),
  },
  "/cost-and-commercial/downstream/:subcontractId/edit": {
    forms: [{ name: "edit", schema: subcontractSchema }],
    ...arranged((records) => ({ subcontractId: records.subcontract.id })),
  },
  "/cost-and-commercial/downstream/:subcontractId/claims/new": {
    forms: [{ name: "claim", schema: subcontractClaimSchema }],
    ...arranged((records) => ({ subcontractId: records.subcontract.id })),
  },
  "/cost-and-commercial/downstream/:subcontractId/claims/:claimId": {
    forms: [{ name: "transition", schema: subcontractClaimTransitionSchema }],
    ...arranged((records) => ({ subcontractId: records.subcontract.id, claimId: records.received.id })),
  },
};
