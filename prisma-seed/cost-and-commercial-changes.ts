import type { EntityManager } from "@mikro-orm/postgresql";
import {
  BackCharge,
  IndirectCost,
  type ISubcontract,
  SubcontractVariation,
  SupplierSecurity,
} from "~/modules/cost-and-commercial/entities";
import type { IProject } from "~/server/db/entities";

/**
 * The variations, back charges, securities and indirect costs demo (decision 044). Indirect costs are seeded on
 * each demo project here; a subcontract's variations, back charges and securities come from
 * `seedSubcontractChanges`, which the subcontracts' own seeding calls once it made them.
 */

const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);
};
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
};

/**
 * A subcontract's changes in every state of the change table (an approved variation, a submitted one, an omission
 * still a draft, a rejected one; two back charges) and three securities: one held, one expiring within the month,
 * one released.
 */
export async function seedSubcontractChanges(em: EntityManager, subcontract: ISubcontract) {
  const base = { project: subcontract.project, subcontract };
  const variations = [
    {
      title: "Additional formwork to pier 3 headstock",
      amountCents: 18_450_00,
      status: "approved",
      submittedOn: day(-30),
      approvedOn: day(-21),
    },
    {
      title: "Night works for the deck pour",
      amountCents: 6_200_50,
      status: "submitted",
      submittedOn: day(-4),
      approvedOn: null,
    },
    {
      title: "Omit edge forms on the southern approach",
      amountCents: -3_100_00,
      status: "draft",
      submittedOn: null,
      approvedOn: null,
    },
    {
      title: "Standby during the October flood",
      amountCents: 2_400_00,
      status: "reject",
      submittedOn: day(-25),
      approvedOn: null,
    },
  ];
  for (const [index, variation] of variations.entries())
    em.create(SubcontractVariation, {
      ...base,
      number: `VAR-${String(index + 1).padStart(3, "0")}`,
      ...variation,
    } as never);
  const backCharges = [
    {
      description: "Clean-up of concrete washout at abutment A",
      amountCents: 1_250_00,
      raisedOn: day(-12),
      status: "approved",
    },
    {
      description: "Damaged hoarding panels replaced",
      amountCents: 640_40,
      raisedOn: day(-3),
      status: "draft",
    },
  ];
  for (const [index, charge] of backCharges.entries())
    em.create(BackCharge, {
      ...base,
      number: `BC-${String(index + 1).padStart(3, "0")}`,
      ...charge,
    } as never);
  const securities = [
    {
      kind: "bank_guarantee",
      reference: "BG-4471-22",
      issuer: "Westpac Banking Corporation",
      amountCents: 12_500_00,
      issueDate: day(-120),
      expiryDate: day(400),
      releasedOn: null,
    },
    {
      kind: "insurance_bond",
      reference: "IB-88120",
      issuer: "QBE Insurance",
      amountCents: 6_250_00,
      issueDate: day(-340),
      expiryDate: day(18),
      releasedOn: null,
    },
    {
      kind: "cash_retention",
      reference: "CR-0001",
      issuer: null,
      amountCents: 2_000_00,
      issueDate: day(-200),
      expiryDate: day(-10),
      releasedOn: day(-12),
    },
  ];
  for (const security of securities) em.create(SupplierSecurity, { ...base, ...security } as never);
  await em.flush();
}

const INDIRECT_LINES = [
  { category: "Site facilities", description: "Site sheds and amenities hire", budgetCents: 8_500_00 },
  { category: "Site facilities", description: "Temporary power and water", budgetCents: 3_200_00 },
  { category: "Staff", description: "Project engineer and site supervisor", budgetCents: 42_000_00 },
  { category: "Insurance", description: "Contract works and public liability", budgetCents: 5_750_00 },
  { category: "Traffic management", description: "Traffic control and signage", budgetCents: 11_400_00 },
];

/** Indirect costs for the last four months and this one: actuals a little either side of the budget, none yet this month. */
export async function seedIndirectCostsDemo(em: EntityManager, projects: IProject[]) {
  for (const project of projects)
    for (let offset = -4; offset <= 0; offset++)
      for (const [index, line] of INDIRECT_LINES.entries())
        em.create(IndirectCost, {
          project,
          ...line,
          month: monthStart(offset),
          actualCents: offset === 0 ? 0 : line.budgetCents + ((index + offset) % 3) * 125_50 - 150_00,
        } as never);
  await em.flush();
}
