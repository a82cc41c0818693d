import type { EntityManager } from "@mikro-orm/postgresql";
import { claimTotals, previousClaimsCents } from "~/modules/cost-and-commercial/domain/head-claim-arithmetic";
import { claimDeadlines } from "~/modules/cost-and-commercial/domain/payment-deadlines";
import type { ContractStatus, Jurisdiction } from "~/modules/cost-and-commercial/domain/vocabularies";
import {
  ComplianceDocument,
  HeadContract,
  HeadContractClaim,
  type IHeadContract,
  RequestForApproval,
  RevenueMonth,
} from "~/modules/cost-and-commercial/entities";
import { nextNumber } from "~/server/db/counters";
import type { IProject, IUser } from "~/server/db/entities";

/**
 * The upstream demo (decision 044): a head contract on each demo project with three claims — one certified and
 * paid, one served a few days ago (its payment schedule falls due on the home page), one still a draft — its
 * compliance documents with their key dates, a year of revenue, and two requests for approval.
 */

const day = (offset: number, from = new Date()) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
};

type ContractSeed = {
  project: IProject;
  by: IUser;
  code: string;
  description: string;
  client: string;
  jurisdiction: Jurisdiction;
  contractSumCents: number;
  retentionBasisPoints: number;
};

type ClaimSeed = {
  status: ContractStatus;
  /** Days from today the billing period ends. */
  periodEnd: number;
  scheduledValueCents: number;
  workCompletedCents: number;
  /** Days from today it was served on the client. */
  servedOn?: number;
  certifiedCents?: number;
  paidOn?: number;
};

const CLAIMS: ClaimSeed[] = [
  {
    status: "approved",
    periodEnd: -62,
    scheduledValueCents: 2_400_000_00,
    workCompletedCents: 1_150_000_00,
    servedOn: -60,
    certifiedCents: 1_080_000_00,
    paidOn: -35,
  },
  {
    status: "submitted",
    periodEnd: -32,
    scheduledValueCents: 2_400_000_00,
    workCompletedCents: 1_920_000_00,
    servedOn: -6,
  },
  { status: "draft", periodEnd: -1, scheduledValueCents: 2_400_000_00, workCompletedCents: 2_310_500_50 },
];

async function seedContract(em: EntityManager, seed: ContractSeed) {
  const contract = em.create(HeadContract, {
    project: seed.project,
    code: seed.code,
    description: seed.description,
    client: seed.client,
    type: "design_and_construct",
    contractSumCents: seed.contractSumCents,
    status: "executed",
    jurisdiction: seed.jurisdiction,
    retentionBasisPoints: seed.retentionBasisPoints,
    startDate: monthStart(-4),
    completionDate: day(-1, new Date(`${monthStart(9)}T00:00:00Z`)),
    createdBy: seed.by,
  } as never) as IHeadContract;
  const earlier: {
    status: ContractStatus;
    currentPaymentDueCents: number;
    scheduledAmountCents: number | null;
  }[] = [];
  CLAIMS.forEach((claim, index) => {
    const totals = claimTotals({
      contractSumCents: seed.contractSumCents,
      retentionBasisPoints: seed.retentionBasisPoints,
      lines: [
        { scheduledValueCents: claim.scheduledValueCents, workCompletedCents: claim.workCompletedCents },
      ],
      previousCents: previousClaimsCents(earlier),
    });
    const servedOn = claim.servedOn === undefined ? null : day(claim.servedOn);
    const deadlines = servedOn
      ? claimDeadlines({ jurisdiction: seed.jurisdiction, side: "head-contract", servedOn })
      : { paymentScheduleDueOn: null, paymentDueOn: null };
    em.create(HeadContractClaim, {
      project: seed.project,
      headContract: contract,
      number: index + 1,
      billingPeriodStart: day(claim.periodEnd - 30),
      billingPeriodEnd: day(claim.periodEnd),
      status: claim.status,
      scheduledValueCents: totals.scheduledValueCents,
      workCompletedCents: totals.workCompletedCents,
      currentPaymentDueCents: totals.currentPaymentDueCents,
      balanceCents: totals.balanceCents,
      grandTotalCents: totals.grandTotalCents,
      submittedOn: servedOn,
      ...deadlines,
      scheduledAmountCents: claim.certifiedCents ?? null,
      scheduleReceivedOn: claim.certifiedCents && servedOn ? day((claim.servedOn ?? 0) + 8) : null,
      paidOn: claim.paidOn === undefined ? null : day(claim.paidOn),
      createdBy: seed.by,
    } as never);
    earlier.push({
      status: claim.status,
      currentPaymentDueCents: totals.currentPaymentDueCents,
      scheduledAmountCents: claim.certifiedCents ?? null,
    });
  });
  const documents = [
    {
      name: "Contract works insurance",
      description: "Policy CW-2026-118, contract works and public liability.",
      keyDates: [
        { label: "Certificate of currency to the client", date: day(10) },
        { label: "Renewal", date: day(200) },
      ],
    },
    {
      name: "Environmental management plan",
      description: "Approved EMP revision C; the client requires a review every six months.",
      keyDates: [{ label: "Six-monthly review", date: day(45) }],
    },
    {
      name: "Unconditional bank guarantee",
      description: "Security under clause 5: 5 % of the contract sum.",
      keyDates: [
        { label: "Reduction to 2.5 % at practical completion", date: day(280) },
        { label: "Expiry", date: day(640) },
      ],
    },
  ];
  for (const document of documents)
    em.create(ComplianceDocument, {
      project: seed.project,
      headContract: contract,
      uploadedBy: seed.by,
      ...document,
    } as never);
  // Revenue: actuals for the months past, a forecast for the months of the contract.
  for (let offset = -4; offset <= 7; offset++)
    em.create(RevenueMonth, {
      project: seed.project,
      headContract: contract,
      month: monthStart(offset),
      forecastCents: Math.round(seed.contractSumCents / 12 / 100) * 100,
      actualCents:
        offset < 0 ? Math.round((seed.contractSumCents / 12 / 100) * (0.85 + offset * -0.03)) * 100 : 0,
    } as never);
  const rfas = [
    {
      title: "Alternative precast supplier for the deck planks",
      description: "Same specification, six weeks earlier delivery.",
      amountCents: -45_000_00,
      status: "answered",
      submittedOn: day(-20),
      responseDueOn: day(-6),
      response: "Approved, subject to the supplier's test certificates.",
      respondedOn: day(-8),
    },
    {
      title: "Additional scour protection at pier 3",
      description: "Rock armour beyond the design extent after the October flood.",
      amountCents: 182_400_00,
      status: "submitted",
      submittedOn: day(-3),
      responseDueOn: day(11),
      response: null,
      respondedOn: null,
    },
  ];
  for (const rfa of rfas)
    em.create(RequestForApproval, {
      project: seed.project,
      headContract: contract,
      number: await nextNumber(em, seed.project.id, "RFA", 3),
      createdBy: seed.by,
      ...rfa,
    } as never);
  await em.flush();
}

export async function seedCostAndCommercialUpstreamDemo(
  em: EntityManager,
  demo: { bridge: IProject; rail: IProject; bridgeBy: IUser; railBy: IUser },
) {
  await seedContract(em, {
    project: demo.bridge,
    by: demo.bridgeBy,
    code: "HC-NBU-01",
    description:
      "Design and construction of the Northern Bridge Upgrade: two spans, approaches and drainage.",
    client: "Roads and Maritime Authority",
    jurisdiction: "NSW",
    contractSumCents: 4_800_000_00,
    retentionBasisPoints: 500,
  });
  await seedContract(em, {
    project: demo.rail,
    by: demo.railBy,
    code: "HC-WRL-01",
    description: "Western Rail Link civil works package: earthworks, culverts and the station platform.",
    client: "Queensland Rail",
    jurisdiction: "QLD",
    contractSumCents: 3_600_000_00,
    retentionBasisPoints: 500,
  });
}
