import type { EntityManager } from "@mikro-orm/postgresql";
import { blockedItems, type HoldingPoint, holdingPoints, type PlanItem } from "../domain/hold-points";
import type { PointKind, PointState } from "../domain/inspection-point-workflow";
import { HOLD_WITNESS_POINTS } from "../domain/inspection-points";
import { ItpItem, LotInspectionPoint, LotItp } from "../entities";

/** The hold rules' reading of a lot (domain/hold-points.ts): its items in plan order with their point states. */

export const isPointKind = (kind: string): kind is PointKind =>
  HOLD_WITNESS_POINTS.includes(kind as PointKind);

/** Every item of the lot's ITPs (ITP number, then plan order) with its point state: what the hold rules read. */
export async function lotPlanItems(em: EntityManager, lotId: string): Promise<PlanItem[]> {
  const links = await em.find(LotItp, { lot: lotId }, { populate: ["itp"] });
  if (links.length === 0) return [];
  const numberOf = new Map(links.map((link) => [link.itp.id, link.itp.number]));
  const [items, points] = await Promise.all([
    em.find(ItpItem, { itp: { $in: [...numberOf.keys()] } }, { orderBy: { position: "asc", id: "asc" } }),
    em.find(LotInspectionPoint, { lot: lotId }, { fields: ["item", "state"] }),
  ]);
  const stateOf = new Map<string, PointState>(points.map((point) => [point.item.id, point.state]));
  return items
    .map((item) => ({
      itemId: item.id,
      itpNumber: numberOf.get(item.itp.id) ?? "",
      position: item.position,
      activity: item.activity,
      kind: item.inspectionPoint,
      pointState: stateOf.get(item.id) ?? "not_started",
    }))
    .sort((a, b) => a.itpNumber.localeCompare(b.itpNumber) || a.position - b.position);
}

/** The hold points still holding the lot (it goes to the Project Engineer when there are none). */
export async function lotHoldingPoints(em: EntityManager, lotId: string): Promise<HoldingPoint[]> {
  return holdingPoints(await lotPlanItems(em, lotId));
}

/** The lot's items that cannot be checked now, each with the hold point before it. */
export async function lotBlockedItems(em: EntityManager, lotId: string) {
  return blockedItems(await lotPlanItems(em, lotId));
}
