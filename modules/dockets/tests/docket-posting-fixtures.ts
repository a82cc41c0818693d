import type { EntityManager } from "@mikro-orm/postgresql";
import { nextNumber } from "~/server/db/counters";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import type { DocketStatus } from "../domain/docket-workflow";
import { Docket, DocketItem, type IDocket } from "../entities";

/** A docket stored directly with its items (posting, signing and subcontract.work tests), total kept. */
export async function makeDocket(
  em: EntityManager,
  project: IProject,
  values: {
    status: DocketStatus;
    company?: { id: string } | null;
    docketDate?: string;
    subcontractId?: string | null;
    items?: { code: string; quantity: string; unitPriceCents: number; costAccount?: string }[];
  },
): Promise<IDocket> {
  const scoped = scopeToProject(em, project.id);
  const items = values.items ?? [{ code: "LAB-01", quantity: "8.000", unitPriceCents: 9550 }];
  const amounts = items.map(
    (item) => (item.unitPriceCents * Math.round(Number(item.quantity) * 1000)) / 1000,
  );
  const docket = scoped.create(Docket, {
    project: project.id,
    number: await nextNumber(scoped, project.id, "DKT"),
    docketDate: values.docketDate ?? "2026-11-20",
    status: values.status,
    company: values.company?.id ?? null,
    subcontractId: values.subcontractId ?? null,
    task: "Bulk excavation",
    poNumber: "PO-77",
    totalCents: amounts.reduce((sum, amount) => sum + Math.round(amount), 0),
  } as never) as IDocket;
  for (const [position, item] of items.entries())
    scoped.create(DocketItem, {
      project: project.id,
      docket,
      position,
      code: item.code,
      title: `Resource ${item.code}`,
      unitOfMeasure: "hr",
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      amountCents: Math.round(amounts[position]),
      costAccount: item.costAccount ?? "CA-100",
    } as never);
  await scoped.flush();
  return docket;
}
