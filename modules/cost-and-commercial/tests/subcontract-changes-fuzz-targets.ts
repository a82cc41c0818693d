/**
 * The variations, back charges, securities and indirect costs forms, for the fuzz suite (tests/fuzz): the add forms,
 * each row's steps, a security's form and release, an indirect cost's form and delete.
 */
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany } from "~/tests/factories";
import type { FuzzWorld } from "~/tests/fuzz/targets";
import { BackCharge, IndirectCost, Subcontract, SubcontractVariation, SupplierSecurity } from "../entities";
import { indirectCostSchema, indirectDeleteSchema } from "../server/indirect-forms";
import {
  backChargeSchema,
  changeTransitionSchema,
  securityReleaseSchema,
  securitySchema,
  variationSchema,
  variationTransitionSchema,
} from "../server/subcontract-changes-forms";

/** An executed subcontract with a draft variation, a draft back charge, a held security and an indirect cost. */
async function changeRecords(world: FuzzWorld) {
  const company = await createCompany(world.em.fork(), { name: "Fuzz Formwork" } as never);
  const scoped = scopeToProject(world.em, world.project.id);
  const subcontract = scoped.create(Subcontract, {
    project: world.project,
    code: "SC-FUZZ",
    title: "Fuzz subcontract",
    company: company.id,
    type: "lump_sum",
    contractSumCents: 100_000_00,
    status: "executed",
  } as never);
  const variation = scoped.create(SubcontractVariation, {
    project: world.project,
    subcontract,
    number: "VAR-900",
    title: "Fuzz variation",
    amountCents: 100_00,
    status: "draft",
  } as never);
  const backCharge = scoped.create(BackCharge, {
    project: world.project,
    subcontract,
    number: "BC-900",
    description: "Fuzz back charge",
    amountCents: 50_00,
    raisedOn: "2026-11-02",
    status: "draft",
  } as never);
  const security = scoped.create(SupplierSecurity, {
    project: world.project,
    subcontract,
    kind: "bank_guarantee",
    reference: "BG-FUZZ",
    amountCents: 1_000_00,
  } as never);
  const cost = scoped.create(IndirectCost, {
    project: world.project,
    category: "Fuzz",
    description: "Fuzz cost",
    month: "2026-11-01",
    budgetCents: 10_00,
    actualCents: 0,
  } as never);
  await scoped.flush();
  return {
    subcontract,
    security,
    cost,
    ids: [subcontract.id, variation.id, backCharge.id, security.id, cost.id, world.withRights.user.id],
  };
}

const arranged = (
  params?: (records: Awaited<ReturnType<typeof changeRecords>>) => Record<string, string>,
) => ({
  async arrange(world: FuzzWorld) {
    const records = await changeRecords(world);
    return {
      ids: records.ids,
      params: { subcontractId: records.subcontract.id, ...(params ? params(records) : {}) },
    };
  },
});

const DOWNSTREAM = "/cost-and-commercial/downstream/:subcontractId";

export const subcontractChangeTargets = {
  [`${DOWNSTREAM}/variations`]: {
    forms: [{ name: "transition", schema: variationTransitionSchema }],
    ...arranged(),
  },
  [`${DOWNSTREAM}/variations/new`]: {
    forms: [{ name: "variation", schema: variationSchema }],
    ...arranged(),
  },
  [`${DOWNSTREAM}/back-charges`]: {
    forms: [{ name: "transition", schema: changeTransitionSchema }],
    ...arranged(),
  },
  [`${DOWNSTREAM}/back-charges/new`]: {
    forms: [{ name: "back charge", schema: backChargeSchema }],
    ...arranged(),
  },
  [`${DOWNSTREAM}/securities`]: {
    forms: [{ name: "release", schema: securityReleaseSchema }],
    ...arranged(),
  },
  [`${DOWNSTREAM}/securities/new`]: { forms: [{ name: "security", schema: securitySchema }], ...arranged() },
  [`${DOWNSTREAM}/securities/:securityId/edit`]: {
    forms: [{ name: "security", schema: securitySchema }],
    ...arranged((records) => ({ securityId: records.security.id })),
  },
  "/cost-and-commercial/indirect": {
    forms: [{ name: "delete", schema: indirectDeleteSchema }],
    ...arranged(),
  },
  "/cost-and-commercial/indirect/new": { forms: [{ name: "indirect cost", schema: indirectCostSchema }] },
  "/cost-and-commercial/indirect/:costId/edit": {
    forms: [{ name: "indirect cost", schema: indirectCostSchema }],
    ...arranged((records) => ({ costId: records.cost.id })),
  },
};
