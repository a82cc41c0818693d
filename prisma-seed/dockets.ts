import type { EntityManager } from "@mikro-orm/postgresql";
import { itemAmountCents } from "~/modules/dockets/domain/docket-money";
import type { DocketStatus, DocketType } from "~/modules/dockets/domain/docket-workflow";
import { Docket, DocketItem, type IResourceRate, ResourceRate } from "~/modules/dockets/entities";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { type ICompany, type IProject, type IUser, Location, Role } from "~/server/db/entities";
import { addMember, createCompany, createUser } from "~/tests/factories";

/** The activity log's entity type of a docket (modules/dockets/server/docket-basics). */
const DOCKET_ENTITY_TYPE = "docket";

/** The bridge's agreed rates: labour and plant of the two subcontractors, and fill any company may supply. */
const RATES = [
  { code: "LAB-GEN", title: "General labourer", unit: "hr", price: 8_550, company: "formwork" },
  { code: "LAB-CARP", title: "Formwork carpenter", unit: "hr", price: 11_200, company: "formwork" },
  { code: "EXC-20T", title: "20 t excavator, wet hire", unit: "hr", price: 18_500, company: "hire" },
  { code: "CRANE-55", title: "55 t mobile crane with operator", unit: "hr", price: 32_000, company: "hire" },
  { code: "TRUCK-10", title: "10 m³ tipper", unit: "hr", price: 13_750, company: "hire" },
  { code: "FILL-SEL", title: "Select fill, delivered", unit: "t", price: 4_295, company: null },
  {
    code: "LAB-OLD",
    title: "Labourer (2025 rate)",
    unit: "hr",
    price: 7_900,
    company: "formwork",
    active: false,
  },
] as const;

type DocketSeed = {
  company: "formwork" | "hire";
  status: DocketStatus;
  type: DocketType;
  days: number;
  po: string;
  task: string;
  items: [code: string, quantity: string][];
  reason?: string;
};

/** Dockets in every state for both subcontractors, each with items priced from the rates. */
const DOCKETS: DocketSeed[] = [
  {
    company: "formwork",
    status: "draft",
    type: "labour",
    days: -1,
    po: "PO-4471",
    task: "Pier 2 formwork",
    items: [
      ["LAB-CARP", "16"],
      ["LAB-GEN", "8"],
    ],
  },
  {
    company: "hire",
    status: "draft",
    type: "plant",
    days: -1,
    po: "PO-5120",
    task: "Abutment A excavation",
    items: [["EXC-20T", "9.5"]],
  },
  {
    company: "formwork",
    status: "submitted",
    type: "labour",
    days: -2,
    po: "PO-4471",
    task: "Pier 2 formwork",
    items: [
      ["LAB-CARP", "24"],
      ["LAB-GEN", "16"],
    ],
  },
  {
    company: "hire",
    status: "submitted",
    type: "hire",
    days: -3,
    po: "PO-5120",
    task: "Trucking spoil",
    items: [
      ["TRUCK-10", "10"],
      ["TRUCK-10", "7.25"],
    ],
  },
  {
    company: "formwork",
    status: "in_review",
    type: "labour",
    days: -4,
    po: "PO-4471",
    task: "Pier 1 strip",
    items: [
      ["LAB-CARP", "8"],
      ["LAB-GEN", "12.5"],
    ],
  },
  {
    company: "hire",
    status: "in_review",
    type: "plant",
    days: -5,
    po: "PO-5120",
    task: "Girder lift",
    items: [
      ["CRANE-55", "6"],
      ["FILL-SEL", "42.375"],
    ],
  },
  {
    company: "formwork",
    status: "approved",
    type: "labour",
    days: -8,
    po: "PO-4471",
    task: "Pier 1 formwork",
    items: [
      ["LAB-CARP", "40"],
      ["LAB-GEN", "32"],
    ],
  },
  {
    company: "hire",
    status: "approved",
    type: "plant",
    days: -9,
    po: "PO-5120",
    task: "Abutment B excavation",
    items: [
      ["EXC-20T", "18"],
      ["TRUCK-10", "14"],
    ],
  },
  {
    company: "formwork",
    status: "posted",
    type: "labour",
    days: -15,
    po: "PO-4471",
    task: "Pier 1 footing",
    items: [["LAB-GEN", "24"]],
  },
  {
    company: "hire",
    status: "posted",
    type: "materials",
    days: -16,
    po: "PO-5120",
    task: "Ramp fill",
    items: [["FILL-SEL", "120.5"]],
  },
  {
    company: "formwork",
    status: "rejected",
    type: "labour",
    days: -6,
    po: "PO-4417",
    task: "Pier 2 formwork",
    items: [["LAB-CARP", "30"]],
    reason: "Wrong PO number: the formwork PO is PO-4471.",
  },
  {
    company: "hire",
    status: "rejected",
    type: "hire",
    days: -7,
    po: "PO-5120",
    task: "Crane standby",
    items: [["CRANE-55", "3"]],
    reason: "Standby hours are not claimable under the hire agreement.",
  },
  {
    company: "formwork",
    status: "archived",
    type: "labour",
    days: -30,
    po: "PO-4400",
    task: "Site establishment",
    items: [["LAB-OLD", "16"]],
  },
  {
    company: "hire",
    status: "archived",
    type: "other",
    days: -31,
    po: "PO-5100",
    task: "Duplicate of DKT-0008",
    items: [["TRUCK-10", "4"]],
  },
];

const dayFrom = (today: string, days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * Dockets on the bridge (decision 043): the project's resource rates, and fourteen dockets in every state for
 * the formwork subcontractor and a plant hire company (added here, with its site supervisor as a member), written
 * up by the site engineer and approved by the project engineer.
 */
export async function seedDocketsDemo(
  em: EntityManager,
  input: { bridge: IProject; formwork: ICompany; writer: IUser; approver: IUser },
) {
  const { bridge, writer, approver } = input;
  const today = new Date().toISOString().slice(0, 10);
  input.formwork.taxId ??= "51 824 753 556";
  const hire = await createCompany(em, {
    name: "Ridgeline Plant Hire Pty Ltd",
    trade: "Plant and equipment hire",
    country: "Australia",
    taxId: "33 102 417 032",
  });
  const supervisor = await createUser(em, { email: "ridgeline@siteproof.test", name: "Rhys Ridgeline" });
  const viewer = await em.findOneOrFail(Role, { name: "Viewer" });
  await addMember(em, { project: bridge, user: supervisor, role: viewer, company: hire });
  const companies = { formwork: input.formwork, hire };
  const rates = new Map<string, IResourceRate>();
  for (const rate of RATES)
    rates.set(
      rate.code,
      em.create(ResourceRate, {
        project: bridge,
        code: rate.code,
        title: rate.title,
        unitOfMeasure: rate.unit,
        unitPriceCents: rate.price,
        company: rate.company ? companies[rate.company] : null,
        active: "active" in rate ? rate.active : true,
      } as never) as IResourceRate,
    );
  const areas = await em.find(
    Location,
    { project: bridge.id },
    { orderBy: { path: "asc" }, limit: 4, filters: false },
  );
  for (const [index, seed] of DOCKETS.entries()) {
    const company = companies[seed.company];
    const items = seed.items.map(([code, quantity]) => {
      const rate = rates.get(code)!;
      return { rate, quantity, amountCents: itemAmountCents(rate.unitPriceCents, quantity)! };
    });
    const reachedReview = !["draft", "submitted"].includes(seed.status) || seed.reason !== undefined;
    const approved = ["approved", "posted"].includes(seed.status);
    const docket = em.create(Docket, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "DKT"),
      docketDate: dayFrom(today, seed.days),
      status: seed.status,
      company,
      abn: company.taxId,
      poNumber: seed.po,
      type: seed.type,
      costAccount: seed.type === "labour" ? "31-200" : "32-400",
      task: seed.task,
      workOrder: `WO-${200 + index}`,
      area: areas.length ? areas[index % areas.length] : null,
      receivedBy: writer,
      receivedOn: dayFrom(today, seed.days),
      forApprovalBy: seed.status === "draft" ? null : approver,
      approvedBy: approved ? approver : null,
      approvedAt: approved ? new Date(`${dayFrom(today, seed.days + 2)}T05:00:00Z`) : null,
      comments: seed.reason ? null : `Signed docket from ${company.name}.`,
      totalCents: items.reduce((sum, item) => sum + item.amountCents, 0),
      postedAt: seed.status === "posted" ? new Date(`${dayFrom(today, seed.days + 3)}T05:00:00Z`) : null,
      accExpenseId: seed.status === "posted" ? `demo-expense-${index}` : null,
      createdBy: writer,
    } as never);
    items.forEach((item, position) => {
      em.create(DocketItem, {
        project: bridge,
        docket,
        position,
        resourceRate: item.rate,
        code: item.rate.code,
        title: item.rate.title,
        unitOfMeasure: item.rate.unitOfMeasure,
        unitPriceCents: item.rate.unitPriceCents,
        quantity: item.quantity,
        amountCents: item.amountCents,
        costAccount: item.rate.costAccount,
      } as never);
    });
    recordActivity(em, {
      projectId: bridge.id,
      actorId: writer.id,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: docket.id,
      action: "created",
      after: { number: docket.number, status: "draft", items: items.length },
    });
    if (seed.reason)
      recordActivity(em, {
        projectId: bridge.id,
        actorId: approver.id,
        entityType: DOCKET_ENTITY_TYPE,
        entityId: docket.id,
        action: "status-changed",
        before: { status: reachedReview ? "in_review" : "submitted" },
        after: { status: "rejected", action: "reject", comment: seed.reason },
      });
  }
  await em.flush();
}
