import type { EntityManager } from "@mikro-orm/postgresql";
import { Attachment } from "~/server/db/entities";
import {
  type LotRecordFacts,
  missingRecords,
  type RecordCheckState,
  unresolvedNonConformances,
} from "../domain/lot-records";
import { type LotFacts, type LotState, lotWorkflow } from "../domain/lot-workflow";
import { ItpItem, LotItemCheck, LotItp, Ncr } from "../entities";
import { lotHoldingPoints } from "./lot-hold-points.server";
import { ITR_ENTITY_TYPE } from "./lot-itr-rules";

/**
 * The facts the lot table's guards read (domain/lot-workflow.ts): its hold points and its records, read on
 * the lot (under its lock when a step runs) — the server half of domain/lot-records.ts.
 */
export async function lotRecordFacts(em: EntityManager, lotId: string): Promise<LotRecordFacts> {
  const links = await em.find(LotItp, { lot: lotId }, { populate: ["itp"] });
  if (links.length === 0) return { activeItps: 0, items: [], itrs: 0 };
  const numberOf = new Map(links.map((link) => [link.itp.id, link.itp.number]));
  const [items, checks, ncrs, itrs] = await Promise.all([
    em.find(ItpItem, { itp: { $in: [...numberOf.keys()] } }, { orderBy: { position: "asc", id: "asc" } }),
    em.find(LotItemCheck, { lot: lotId }),
    em.find(Ncr, { lot: lotId, itpItem: { $ne: null }, disposition: { $ne: null } }, { fields: ["itpItem"] }),
    em.count(Attachment, { entityType: ITR_ENTITY_TYPE, entityId: lotId }),
  ]);
  const checkOf = new Map(checks.map((check) => [check.item.id, check]));
  const dispositioned = new Set(ncrs.map((ncr) => ncr.itpItem?.id));
  return {
    activeItps: links.filter((link) => link.itp.status === "active").length,
    itrs,
    items: items
      .map((item) => {
        const check = checkOf.get(item.id);
        return {
          itpNumber: numberOf.get(item.itp.id) ?? "",
          position: item.position,
          activity: item.activity,
          check: (check?.state ?? "pending") as RecordCheckState,
          needsSubcontractorSignature: item.subcontractorSignature,
          subcontractorSigned: Boolean(check?.subcontractorSignedAt),
          verifyingDocument: item.verifyingDocument ?? null,
          dispositioned: dispositioned.has(item.id),
        };
      })
      .sort((a, b) => a.itpNumber.localeCompare(b.itpNumber) || a.position - b.position),
  };
}

/** Everything the lot table's guards read. */
export async function lotFacts(em: EntityManager, lotId: string): Promise<LotFacts> {
  const [holdingPoints, records] = await Promise.all([
    lotHoldingPoints(em, lotId),
    lotRecordFacts(em, lotId),
  ]);
  return { holdingPoints, records };
}

/** A gate of the lot's header: its heading and what it still needs (translation keys and parameters). */
export type LotGate = {
  heading: "quality:lot.gate.submitHeading" | "quality:lot.gate.ncrHeading";
  missing: { message: string; params: Record<string, string | number> }[];
};

/**
 * What the lot's next step still needs, for its header (issue #12): shown when the lot is where that step
 * starts (records complete or non-conforming: the submission; QA review, QA approved or accepted by the
 * client: QA approval and closing). Null when nothing is missing or no gate is ahead.
 */
export async function lotGate(em: EntityManager, lotId: string, state: LotState): Promise<LotGate | null> {
  const ahead = (action: "submit_to_engineer" | "qa_approve" | "close") =>
    lotWorkflow.rowFor(state, action) !== undefined;
  const asMessages = (list: ReturnType<typeof missingRecords>) =>
    list.map((entry) => ({ message: `quality:lot.gate.${entry.kind}`, params: entry.params }));
  if (ahead("submit_to_engineer")) {
    const missing = missingRecords(await lotRecordFacts(em, lotId));
    return missing.length > 0
      ? { heading: "quality:lot.gate.submitHeading", missing: asMessages(missing) }
      : null;
  }
  if (ahead("qa_approve") || ahead("close")) {
    const missing = unresolvedNonConformances(await lotRecordFacts(em, lotId));
    return missing.length > 0
      ? { heading: "quality:lot.gate.ncrHeading", missing: asMessages(missing) }
      : null;
  }
  return null;
}
