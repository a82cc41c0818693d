/**
 * A lot whose records pass the gates (issue #12): an active ITP assigned, every item checked conforming,
 * the subcontractor's signatures, and an ITR. Written straight in the database, for tests that walk the
 * lot workflow past the Project Engineer.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { Attachment, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { type IItp, type IItpItem, type ILot, LotItemCheck } from "../entities";
import { ITR_ENTITY_TYPE } from "../server/lot-itr-rules";
import { assign, makeItp } from "./reports-fixtures";

export async function completeRecords(
  em: EntityManager,
  project: IProject,
  lot: ILot,
  plan?: { itp: IItp; items: IItpItem[] },
): Promise<{ itp: IItp; items: IItpItem[] }> {
  const { itp, items } =
    plan ??
    (await makeItp(em, project, {
      items: [
        { activity: "Set out formwork", kind: "C" },
        { activity: "Inspect reinforcement", kind: "I", subcontractor: true },
      ],
    }));
  if (!plan) await assign(em, project, lot, itp);
  const scoped = scopeToProject(em, project.id);
  for (const item of items)
    scoped.create(LotItemCheck, {
      project,
      lot,
      item,
      state: "conforming",
      checkedAt: new Date(),
      subcontractorSignedAt: item.subcontractorSignature ? new Date() : null,
    } as never);
  scoped.create(Attachment, {
    project,
    entityType: ITR_ENTITY_TYPE,
    entityId: lot.id,
    title: "Pour record",
    fileName: "pour-record.pdf",
    contentType: "application/pdf",
    size: 10,
    storageKey: `test/${lot.id}`,
  } as never);
  await scoped.flush();
  return { itp, items };
}
