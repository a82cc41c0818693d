import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import {
  claimedCents,
  retentionCents,
  sumCents,
} from "~/modules/cost-and-commercial/domain/payment-claim-arithmetic";
import { claimDeadlines } from "~/modules/cost-and-commercial/domain/payment-deadlines";
import { type ISubcontract, Subcontract, SubcontractClaim } from "~/modules/cost-and-commercial/entities";
import { Docket } from "~/modules/dockets/entities";
import { Company, type ICompany, type IProject, type IUser } from "~/server/db/entities";
import { subcontractWorkSources } from "~/server/extensions/extensions.server";
import { seedSubcontractChanges } from "./cost-and-commercial-changes";

/**
 * The downstream demo (decision 044): on the bridge, a subcontract for each of the two docket subcontractors (the
 * formwork and the plant hire), their dockets linked to them, and the formwork's first payment claim, which took
 * in its dockets up to two weeks ago through subcontract.work — its later approved docket waits for the next.
 */

const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
};

/** The plant hire company the dockets demo adds to the bridge. */
const HIRE_COMPANY = "Ridgeline Plant Hire Pty Ltd";

function subcontract(
  em: EntityManager,
  input: { project: IProject; company: ICompany; by: IUser; code: string; title: string; sumCents: number },
) {
  return em.create(Subcontract, {
    project: input.project,
    code: input.code,
    title: input.title,
    company: input.company,
    type: "schedule_of_rates",
    contractSumCents: input.sumCents,
    status: "executed",
    jurisdiction: "NSW",
    retentionBasisPoints: 500,
    retentionCapCents: 25_000_00,
    startDate: day(-90),
    completionDate: day(180),
    createdBy: input.by,
  } as never) as ISubcontract;
}

/** The first claim of a subcontract: its approved work up to `through`, taken in the seed's transaction. */
async function firstClaim(
  em: EntityManager,
  input: { project: IProject; subcontract: ISubcontract; by: IUser; through: string; receivedOn: string },
) {
  await em.transactional(async (tx) => {
    const claimId = randomUUID();
    const dockets: number[] = [];
    for (const source of await subcontractWorkSources(tx, input.project.id)) {
      const items = await source.unclaimed({ subcontractId: input.subcontract.id, through: input.through });
      if (
        items.length &&
        (await source.claim({
          claimId,
          subcontractId: input.subcontract.id,
          ids: items.map((item) => item.id),
        }))
      )
        dockets.push(...items.map((item) => item.amountCents));
    }
    const parts = {
      docketsCents: sumCents(dockets),
      otherWorkCents: 0,
      variationsCents: 0,
      backChargesCents: 0,
    };
    const claimed = claimedCents(parts);
    tx.create(SubcontractClaim, {
      id: claimId,
      project: input.project,
      subcontract: input.subcontract.id,
      number: 1,
      billingPeriodEnd: input.through,
      invoiceNumber: "INV-1001",
      invoiceDate: input.through,
      receivedOn: input.receivedOn,
      status: "submitted",
      ...parts,
      claimedCents: claimed,
      retentionHeldCents: retentionCents({
        claimedCents: claimed,
        basisPoints: input.subcontract.retentionBasisPoints,
        capCents: Number(input.subcontract.retentionCapCents),
        heldBeforeCents: 0,
      }),
      ...claimDeadlines({ jurisdiction: "NSW", side: "subcontract", servedOn: input.receivedOn }),
      createdBy: input.by,
    } as never);
  });
}

export async function seedCostAndCommercialDownstreamDemo(
  em: EntityManager,
  demo: { bridge: IProject; formwork: ICompany; by: IUser },
) {
  const hire = await em.findOneOrFail(Company, { name: HIRE_COMPANY });
  const formworkContract = subcontract(em, {
    project: demo.bridge,
    company: demo.formwork,
    by: demo.by,
    code: "SC-NBU-01",
    title: "Formwork and falsework to the piers",
    sumCents: 640_000_00,
  });
  const hireContract = subcontract(em, {
    project: demo.bridge,
    company: hire,
    by: demo.by,
    code: "SC-NBU-02",
    title: "Plant hire: excavators, crane and tippers",
    sumCents: 380_000_00,
  });
  await em.flush();
  // The dockets demo writes each subcontractor's dockets; here they are linked to the subcontract they fall under.
  for (const [company, contract] of [
    [demo.formwork, formworkContract],
    [hire, hireContract],
  ] as const)
    await em.nativeUpdate(
      Docket,
      { project: demo.bridge.id, company: company.id },
      { subcontractId: contract.id },
      { filters: false },
    );
  await firstClaim(em, {
    project: demo.bridge,
    subcontract: formworkContract,
    by: demo.by,
    through: day(-12),
    receivedOn: day(-10),
  });
  // After the first claim: its approved variation and back charges wait for the next one.
  await seedSubcontractChanges(em, formworkContract);
}
