/**
 * The home and upstream forms, for the fuzz suite (tests/fuzz): the head contract's form and steps, claims with
 * their steps, payment schedule and payment, compliance documents (with a file) and their removal, the revenue
 * table, package sync, RFAs with their steps and response.
 */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import type { FuzzWorld } from "~/tests/fuzz/targets";
import { ComplianceDocument, HeadContract, HeadContractClaim, RequestForApproval } from "../entities";
import {
  claimPaidSchema,
  complianceDeleteSchema,
  complianceSchema,
  headClaimSchema,
  headClaimTransitionSchema,
  headContractSchema,
  headContractTransitionSchema,
  packageSyncSchema,
  paymentScheduleSchema,
  revenueSchema,
  rfaResponseSchema,
  rfaSchema,
  rfaTransitionSchema,
} from "../server/upstream-forms";

const noFields = z.object({});

/** A draft head contract (every step reachable) with a draft claim, a submitted one, a document and an RFA. */
async function upstreamRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const contract = scoped.create(HeadContract, {
    project: world.project,
    code: "HC-FUZZ",
    description: "Fuzz contract",
    client: "Fuzz client",
    type: "lump_sum",
    contractSumCents: 500_000_00,
    jurisdiction: "QLD",
    status: "draft",
  } as never);
  const draft = scoped.create(HeadContractClaim, {
    project: world.project,
    headContract: contract,
    number: 1,
    billingPeriodStart: "2026-10-01",
    billingPeriodEnd: "2026-10-31",
    status: "draft",
  } as never);
  const served = scoped.create(HeadContractClaim, {
    project: world.project,
    headContract: contract,
    number: 2,
    billingPeriodStart: "2026-11-01",
    billingPeriodEnd: "2026-11-30",
    status: "submitted",
    submittedOn: "2026-11-20",
  } as never);
  const document = scoped.create(ComplianceDocument, {
    project: world.project,
    headContract: contract,
    name: "Insurance",
    keyDates: [],
  } as never);
  const rfa = scoped.create(RequestForApproval, {
    project: world.project,
    headContract: contract,
    number: "RFA-900",
    title: "Fuzz RFA",
    status: "draft",
  } as never);
  await scoped.flush();
  return {
    draft,
    served,
    rfa,
    ids: [contract.id, draft.id, served.id, document.id, rfa.id, world.withRights.user.id],
  };
}

const arranged = (
  params?: (records: Awaited<ReturnType<typeof upstreamRecords>>) => Record<string, string>,
) => ({
  async arrange(world: FuzzWorld) {
    const records = await upstreamRecords(world);
    return { ids: records.ids, ...(params ? { params: params(records) } : {}) };
  },
});

export const upstreamTargets = {
  "/cost-and-commercial/upstream/create": {
    forms: [{ name: "head contract", schema: headContractSchema }],
  },
  "/cost-and-commercial/upstream": {
    forms: [
      { name: "transition", schema: headContractTransitionSchema },
      { name: "compliance-delete", schema: complianceDeleteSchema },
      { name: "revenue", schema: revenueSchema },
      { name: "package-sync", schema: packageSyncSchema },
    ],
    ...arranged(),
  },
  "/cost-and-commercial/upstream/edit": {
    forms: [{ name: "edit", schema: headContractSchema }],
    ...arranged(),
  },
  "/cost-and-commercial/upstream/claims/new": {
    forms: [{ name: "claim", schema: headClaimSchema }],
    ...arranged(),
  },
  "/cost-and-commercial/upstream/claims/:claimId": {
    forms: [
      { name: "transition", schema: headClaimTransitionSchema },
      { name: "payment-schedule", schema: paymentScheduleSchema },
      { name: "paid", schema: claimPaidSchema },
    ],
    ...arranged((records) => ({ claimId: records.served.id })),
  },
  "/cost-and-commercial/upstream/compliance/new": {
    forms: [
      { name: "document", schema: complianceSchema, files: ["file"] },
      { name: "no file", schema: noFields },
    ],
    ...arranged(),
  },
  "/cost-and-commercial/upstream/rfa/new": {
    forms: [{ name: "rfa", schema: rfaSchema }],
    ...arranged(),
  },
  "/cost-and-commercial/upstream/rfa/:rfaId": {
    forms: [
      { name: "transition", schema: rfaTransitionSchema },
      { name: "response", schema: rfaResponseSchema },
    ],
    ...arranged((records) => ({ rfaId: records.rfa.id })),
  },
};
