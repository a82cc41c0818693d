import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import type { EntityManager } from "@mikro-orm/postgresql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFECT_STATUSES } from "~/modules/quality/domain/defect-workflow";
import { blockedItems, holdingPoints } from "~/modules/quality/domain/hold-points";
import { missingRecords, unresolvedNonConformances } from "~/modules/quality/domain/lot-records";
import {
  LOT_INITIAL_STATE,
  LOT_TRANSITIONS,
  lotRecordsLock,
  lotStateKey,
} from "~/modules/quality/domain/lot-workflow";
import { NCR_STATUSES } from "~/modules/quality/domain/ncr-workflow";
import {
  Defect,
  Itp,
  ItpItem,
  Lot,
  LotClientLink,
  LotDtiAudit,
  LotEquipment,
  LotInspectionPoint,
  LotItemCheck,
  LotItp,
  LotRelation,
  Ncr,
} from "~/modules/quality/entities";
import { lotRecordFacts } from "~/modules/quality/server/lot-gates.server";
import { lotPlanItems } from "~/modules/quality/server/lot-hold-points.server";
import { LocalFolderStorage, setFileStorage } from "~/plugins/storage/index.server";
import { ActivityLog, Attachment, Location, Project, ProjectCounter } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { buildLocationTree } from "~/server/locations/tree";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";
import { LOT_ITR_ENTITY_TYPE } from "./quality";

const db = setupTestDatabase();
let storageRoot: string;
let storage: LocalFolderStorage;

beforeEach(() => {
  storageRoot = mkdtempSync(join(tmpdir(), "siteproof-quality-seed-"));
  storage = new LocalFolderStorage(storageRoot);
  setFileStorage(storage);
});
afterEach(() => {
  setFileStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

/** Every state a lot can be in: the new lot's and every transition's target. */
const reachableStates = [
  ...new Set(
    [LOT_INITIAL_STATE, ...LOT_TRANSITIONS.flatMap((row) => (row.to ? [row.to] : []))].map(lotStateKey),
  ),
].sort();

async function projectEm(number: string): Promise<{ em: EntityManager; projectId: string }> {
  const em = db.em;
  const project = await em.findOneOrFail(Project, { number });
  return { em: scopeToProject(em, project.id), projectId: project.id };
}

describe("quality demo data", () => {
  it("gives each demo project a location tree, three ITPs and lots in every workflow state", async () => {
    expect(await seedDemoData(db.em)).toBe(true);

    for (const number of ["NBU-2026", "WRL-AU-01"]) {
      const { em, projectId } = await projectEm(number);

      const locations = await em.find(Location, { project: projectId });
      const tree = buildLocationTree(
        locations.map((l) => ({
          id: l.id,
          parentId: l.parent?.id ?? null,
          name: l.name,
          sortOrder: l.sortOrder,
        })),
      );
      expect(tree.length).toBeGreaterThanOrEqual(3);
      expect(tree.every((root) => root.children.length >= 3)).toBe(true);

      const itps = await em.find(Itp, {}, { orderBy: { number: "asc" } });
      expect(itps.map((itp) => [itp.number, itp.status])).toEqual([
        ["ITP-0001", "active"],
        ["ITP-0002", "internal_review"],
        ["ITP-0003", "draft"],
      ]);
      for (const itp of itps) {
        const items = await em.find(ItpItem, { itp }, { orderBy: { position: "asc" } });
        expect(items.length).toBeGreaterThanOrEqual(10);
        expect(items.length).toBeLessThanOrEqual(15);
        expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
        const kinds = new Set(items.map((item) => item.inspectionPoint));
        expect(kinds.has("H") && kinds.has("W")).toBe(true);
        expect(
          items.every((item) => item.acceptanceCriteria && item.verifyingDocument && item.frequency),
        ).toBe(true);
      }

      const lots = await em.find(Lot, {}, { orderBy: { number: "asc" } });
      expect(lots.length).toBeGreaterThanOrEqual(20);
      // Numbered from the project's counter, without gaps, and the counter continues after the last.
      expect(lots.map((lot) => lot.number)).toEqual(
        lots.map((_, index) => `LOT-${String(index + 1).padStart(4, "0")}`),
      );
      const counter = await em.findOneOrFail(ProjectCounter, { project: projectId, kind: "LOT" });
      expect(counter.value).toBe(lots.length);

      const states = [
        ...new Set(lots.map((lot) => lotStateKey({ status: lot.status, subStatus: lot.subStatus ?? null }))),
      ].sort();
      expect(states).toEqual(reachableStates);
      for (const lot of lots) {
        expect(lot.location).not.toBeNull();
        expect(lot.lotOpenedOn).not.toBeNull();
        expect(Boolean(lot.lotClosedOn)).toBe(lot.status === "closed");
        // Cancelled demo lots were cancelled before work started.
        expect(Boolean(lot.workCommencedOn)).toBe(lot.status !== "open" && lot.status !== "cancelled");
      }

      // The active ITP is on most lots, never the draft or the one in review.
      const assignments = await em.find(LotItp, {}, { populate: ["itp"] });
      expect(assignments.every((assignment) => assignment.itp.status === "active")).toBe(true);
      expect(assignments.length).toBeGreaterThan(lots.length * 0.7);
      const checks = await em.find(LotItemCheck, {});
      expect(checks.some((check) => check.state === "conforming")).toBe(true);
      expect(checks.some((check) => check.state === "non_conforming")).toBe(true);
      // Hold points as the rules have them: no lot past the site team is held, no item checked past a hold.
      expect(await em.count(LotInspectionPoint, { state: "released" })).toBeGreaterThan(0);
      // Every stored point state (not started has no row), and an open link sent to the client (quality-points.ts).
      const pointStates = new Set((await em.find(LotInspectionPoint, {})).map((point) => point.state));
      expect([...pointStates].sort()).toEqual([
        "not_required",
        "notified",
        "rejected",
        "released",
        "released_with_comment",
      ]);
      expect(await em.count(LotClientLink, { purpose: "hold-points", usedAt: null })).toBeGreaterThan(0);
      for (const lot of lots) {
        const plan = await lotPlanItems(em, lot.id);
        // An NCR raised while the work was under way leaves the lot with the site team, short of its next hold point.
        const withSiteTeam =
          ["open", "cancelled"].includes(lot.status) ||
          ["work_started", "completed_pending_records"].includes(lot.subStatus ?? "") ||
          (lot.subStatus === "ncr_raised" && !lot.completedOn);
        if (!withSiteTeam) expect(holdingPoints(plan), lot.title).toEqual([]);
        const blocked = blockedItems(plan);
        expect(checks.filter((check) => check.lot.id === lot.id && blocked.has(check.item.id))).toEqual([]);
        // The records gates (issue #12): a lot past the site team went to the engineer with its records
        // complete, and nothing non-conforming waits for an NCR once QA has approved it.
        const state = { status: lot.status, subStatus: lot.subStatus ?? null };
        const records = await lotRecordFacts(em, lot.id);
        if (lotRecordsLock(state) === "review" || lot.status === "closed")
          expect(missingRecords(records), lot.title).toEqual([]);
        if (["qa_approved", "external_approved"].includes(lot.subStatus ?? ""))
          expect(unresolvedNonConformances(records), lot.title).toEqual([]);
      }

      const audit = await em.findOneOrFail(LotDtiAudit, {}, { populate: ["lot"] });
      expect(audit.lot.status).toBe("closed");
      expect(await em.count(LotEquipment, {})).toBeGreaterThan(0);
      expect(await em.count(LotRelation, {})).toBeGreaterThan(0);

      const itrs = await em.find(Attachment, { entityType: LOT_ITR_ENTITY_TYPE });
      expect(itrs.length).toBeGreaterThan(0);
      for (const itr of itrs) {
        expect(lots.map((lot) => lot.id)).toContain(itr.entityId);
        const stored = await storage.get(itr.storageKey);
        expect(stored?.size).toBe(itr.size);
        expect((await text(stored!.stream)).startsWith("%PDF-")).toBe(true);
      }

      // Each lot's history replays its workflow: created, then one entry per step ending in its state.
      const closedLot = lots.find((lot) => lot.status === "closed")!;
      const history = await em.find(
        ActivityLog,
        { entityType: "lot", entityId: closedLot.id },
        { orderBy: { createdAt: "asc" } },
      );
      expect(history[0].action).toBe("created");
      expect(history.length).toBeGreaterThan(5);
      const last = history.at(-1)!;
      expect(last.after).toMatchObject({ status: "closed", subStatus: closedLot.subStatus });
      for (const [index, step] of history.slice(1).entries())
        expect(step.before).toMatchObject({
          status: (history[index].after as { status?: string }).status ?? "open",
        });
      expect(last.createdAt.getTime()).toBeLessThan(Date.now() - 7 * 24 * 60 * 60 * 1000);
    }
  });

  it("gives each demo project defects and NCRs in every state of their tables, with their history", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    for (const number of ["NBU-2026", "WRL-AU-01"]) {
      const { em } = await projectEm(number);
      const defects = await em.find(Defect, {}, { orderBy: { number: "asc" } });
      expect([...new Set(defects.map((defect) => defect.status))].sort()).toEqual(
        [...DEFECT_STATUSES].sort(),
      );
      expect(defects.map((defect) => defect.number)).toEqual(
        defects.map((_, index) => `DEF-${String(index + 1).padStart(4, "0")}`),
      );
      for (const defect of defects) {
        // Only a draft is without an assignee; a raised one has its raise day, a closed one its close.
        expect(Boolean(defect.assignee)).toBe(defect.status !== "draft");
        expect(Boolean(defect.raisedAt)).toBe(defect.status !== "draft");
        expect(Boolean(defect.closedAt)).toBe(defect.status === "closed");
        const history = await em.find(
          ActivityLog,
          { entityType: "defect", entityId: defect.id },
          { orderBy: { createdAt: "asc" } },
        );
        expect(history[0].action).toBe("created");
        expect((history.at(-1)!.after as { status: string }).status).toBe(defect.status);
      }

      const ncrs = await em.find(Ncr, {}, { populate: ["lot"] });
      expect([...new Set(ncrs.map((ncr) => ncr.status))].sort()).toEqual([...NCR_STATUSES].sort());
      const closed = ncrs.find((ncr) => ncr.status === "closed")!;
      // The closed one passed its close-out: disposition, corrective action and its effectiveness check.
      expect(closed).toMatchObject({ type: "product", disposition: "repair" });
      expect(closed.correctiveAction && closed.effectivenessCheck && closed.closedOn).toBeTruthy();
      expect(closed.lot?.status).toBe("closed");
      // In progress or in review product NCRs sit on non-conforming lots only (they block resubmission).
      for (const ncr of ncrs.filter((one) => one.lot && ["in_progress", "in_review"].includes(one.status)))
        expect(ncr.lot?.status).toBe("non_conforming");
    }
  });

  it("uses the bridge's and the railway's own vocabulary", async () => {
    await seedDemoData(db.em);
    const bridge = await projectEm("NBU-2026");
    const bridgeLot = await bridge.em.findOneOrFail(
      Lot,
      { title: "Pier 2 pile cap pour" },
      { populate: ["location"] },
    );
    expect(bridgeLot.location?.name).toBe("Pile cap");
    const rail = await projectEm("WRL-AU-01");
    const railLots = await rail.em.find(Lot, { chainageStart: { $ne: null } });
    expect(railLots.length).toBeGreaterThan(10);
    expect(railLots.every((lot) => lot.chainageEnd! >= lot.chainageStart!)).toBe(true);
    const railItp = await rail.em.findOneOrFail(Itp, { number: "ITP-0001" });
    const compaction = await rail.em.findOneOrFail(ItpItem, {
      itp: railItp,
      activity: /compaction testing/i,
    });
    expect(compaction.inspectionPoint).toBe("H");
    expect(compaction.references).toContain("AS 1289");
  });

  it("seeds nothing the second time", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const { em } = await projectEm("NBU-2026");
    const before = [await em.count(Lot, {}), await em.count(Itp, {}), await em.count(Location, {})];
    const files = await em.count(Attachment, {});

    expect(await seedDemoData(db.em)).toBe(false);
    const after = await projectEm("NBU-2026");
    expect([
      await after.em.count(Lot, {}),
      await after.em.count(Itp, {}),
      await after.em.count(Location, {}),
    ]).toEqual(before);
    expect(await after.em.count(Attachment, {})).toBe(files);
  });
});
