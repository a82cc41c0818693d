import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { EntityManager } from "@mikro-orm/postgresql";
import PDFDocument from "pdfkit";
import {
  applyLotAction,
  LOT_INITIAL_STATE,
  LOT_TRANSITIONS,
  LOT_WORKFLOW_PERMISSIONS,
  type LotAction,
  type LotState,
  lotStateKey,
} from "~/modules/quality/domain/lot-workflow";
import {
  type IItp,
  type IItpItem,
  type ILot,
  Itp,
  ItpItem,
  Lot,
  LotDtiAudit,
  LotEquipment,
  LotInspectionPoint,
  LotItemCheck,
  LotItp,
  LotRelation,
  Ncr,
} from "~/modules/quality/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { nameKey } from "~/server/admin/company-rules";
import { nextNumber } from "~/server/db/counters";
import {
  ActivityLog,
  type ICompany,
  type ILocation,
  type IProject,
  type IUser,
  Location,
} from "~/server/db/entities";
import { childPath, LOCATION_NAME_SEPARATOR } from "~/server/locations/tree";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";
import { BRIDGE_QUALITY } from "./quality-bridge";
import type { ItpSeed, LocationSeed, LotSeed, ProjectQualitySeed } from "./quality-content";
import { seedQualityPoints } from "./quality-points";
import { RAIL_QUALITY } from "./quality-rail";
import { seedQualityRecords } from "./quality-records";
import { seedQualitySettings } from "./quality-settings";

/** The attachment kind of a lot's inspection and test records (ITRs). */
export const LOT_ITR_ENTITY_TYPE = "quality-lot-itr";

/**
 * Each lot state the workflow can reach, with the shortest run of actions from a new lot: the seed
 * walks that run through the workflow table, so every demo lot is in a state a user could have put
 * it in, and its dates say which steps happened.
 */
export function lotStatePaths(): Map<string, { state: LotState; actions: LotAction[] }> {
  const paths = new Map([
    [lotStateKey(LOT_INITIAL_STATE), { state: LOT_INITIAL_STATE, actions: [] as LotAction[] }],
  ]);
  const queue = [LOT_INITIAL_STATE];
  for (let state = queue.shift(); state; state = queue.shift()) {
    const from = paths.get(lotStateKey(state))!;
    for (const row of LOT_TRANSITIONS) {
      if (!row.to || lotStateKey(row.from) !== lotStateKey(state) || paths.has(lotStateKey(row.to))) continue;
      paths.set(lotStateKey(row.to), { state: row.to, actions: [...from.actions, row.action] });
      queue.push(row.to);
    }
  }
  return paths;
}

const EVERY_LOT_PERMISSION = new Set(LOT_WORKFLOW_PERMISSIONS);
/**
 * What the lot table's guards read, as the seed makes it true by the time a demo lot moves on: no hold point
 * holds it, an active ITP is assigned with every item checked and signed, an ITR is uploaded, and nothing
 * non-conforming waits for an NCR (seedLots and seedProjectQuality; quality.test.ts checks the records).
 */
const RECORDS_READY = { holdingPoints: [], records: { activeItps: 1, items: [], itrs: 1 } };

/** Why a demo lot was sent back, by the action that did it (the lot's remark shows it). */
const REJECTION_REASONS: Partial<Record<LotAction, string>> = {
  engineer_reject:
    "Cover to the reinforcement measured 52 mm on the north face; 65 mm required. Re-fix and re-inspect.",
  qa_return: "Curing register incomplete for days 4 to 7; add the records before QA review.",
  external_reject: "Two 28-day cylinder results below 0.85 f'c; cores to be taken and assessed.",
  cancel: "Scope moved to another lot after the design change.",
};

function walkToState(seed: LotSeed, paths: ReturnType<typeof lotStatePaths>) {
  const path = paths.get(seed.state);
  if (!path)
    throw new Error(`Demo lot "${seed.title}" is in a state the lot workflow cannot reach: ${seed.state}`);
  let state = LOT_INITIAL_STATE;
  const steps: { action: LotAction; before: LotState; after: LotState; comment: string | null }[] = [];
  for (const action of path.actions) {
    const comment = REJECTION_REASONS[action] ?? null;
    // No hold point holds a demo lot when it goes to the engineer: its records are complete by then, so every
    // item is checked and every hold point released (seedLots).
    const result = applyLotAction(state, action, EVERY_LOT_PERMISSION, { comment, facts: RECORDS_READY });
    if (!result.ok || !result.to)
      throw new Error(`Demo lot "${seed.title}": ${action} refused (${result.ok || result.reason})`);
    steps.push({ action, before: state, after: result.to, comment });
    state = result.to;
  }
  const lastReason = [...path.actions].reverse().find((action) => REJECTION_REASONS[action]);
  return { state, actions: path.actions, steps, remark: lastReason ? REJECTION_REASONS[lastReason]! : null };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Steps the site team takes; the reviews are recorded under the quality reviewer. */
const SITE_TEAM_ACTIONS = new Set<LotAction>(["start_work", "mark_records_complete", "submit_to_engineer"]);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------

/** Who did what: the author opens lots, the checker (site team) checks items, quality verifies and signs the DTI audit. */
type SeedPeople = { author: IUser; checker: IUser; quality: IUser; subcontractor: ICompany | null };

function seedLocations(em: EntityManager, project: IProject, roots: LocationSeed[]) {
  const byName = new Map<string, ILocation>();
  const place = (seeds: LocationSeed[], parent: ILocation | null, prefix: string) =>
    seeds.forEach((seed, index) => {
      const location = em.create(Location, {
        id: randomUUID(),
        project,
        parent,
        name: seed.name,
        nameKey: nameKey(seed.name),
        path: childPath(parent),
        sortOrder: index,
      });
      const fullName = prefix + seed.name;
      byName.set(fullName, location);
      place(seed.children ?? [], location, fullName + LOCATION_NAME_SEPARATOR);
    });
  place(roots, null, "");
  return byName;
}

async function seedItps(em: EntityManager, project: IProject, seed: ProjectQualitySeed, people: SeedPeople) {
  const today = Date.now();
  const itps: { itp: IItp; items: IItpItem[]; seed: ItpSeed }[] = [];
  for (const [index, itpSeed] of seed.itps.entries()) {
    const created = new Date(today - (200 - index * 40) * DAY_MS);
    const reviewed = itpSeed.status !== "draft";
    const itp = em.create(Itp, {
      id: randomUUID(),
      project,
      number: await nextNumber(em, project.id, "ITP"),
      title: itpSeed.title,
      customer: seed.customer,
      contractNumber: seed.contractNumber,
      areaSubSystem: null,
      lotNumber: null,
      description: itpSeed.description,
      discipline: itpSeed.discipline,
      specification: itpSeed.specification,
      drawings: itpSeed.drawings,
      preparedBy: people.checker.name,
      qualitySpecified: "MRTS50 Specific quality system requirements",
      certificateNumber:
        itpSeed.status === "active" ? `${project.number}-QC-${String(index + 1).padStart(3, "0")}` : null,
      status: itpSeed.status,
      revision: 0,
      creationDate: dayOf(created),
      approvalDate: itpSeed.status === "active" ? dayOf(new Date(created.getTime() + 9 * DAY_MS)) : null,
      submittedBy: reviewed ? people.checker : null,
      submittedAt: reviewed ? new Date(created.getTime() + 5 * DAY_MS) : null,
      lastRejectionComment: null,
      template: null,
      createdBy: people.checker,
    });
    const items = itpSeed.items.map((item, position) =>
      em.create(ItpItem, {
        id: randomUUID(),
        project,
        itp,
        position: position + 1,
        activity: item.activity,
        inspectionPoint: item.inspectionPoint,
        acceptanceCriteria: item.acceptanceCriteria,
        verifyingDocument: item.verifyingDocument,
        references: item.references,
        method: item.method,
        frequency: item.frequency,
        inspectionKey: null,
        subcontractorSignature: item.subcontractorSignature ?? false,
        clientSignature: item.clientSignature ?? false,
        otherSignatureRole: item.otherSignatureRole ?? null,
      }),
    );
    itps.push({ itp, items, seed: itpSeed });
  }
  return itps;
}

/** Which of the active ITP's items a lot has checked so far: the first few once work started, all once the records are complete. */
function checkedItemCount(actions: LotAction[], itemCount: number) {
  if (actions.includes("mark_records_complete")) return itemCount;
  if (actions.includes("start_work")) return Math.min(4, itemCount);
  return 0;
}

async function seedLots(
  em: EntityManager,
  project: IProject,
  seed: ProjectQualitySeed,
  people: SeedPeople,
  locations: Map<string, ILocation>,
  activeItp: { itp: IItp; items: IItpItem[] },
) {
  const paths = lotStatePaths();
  const today = Date.now();
  const lots = new Map<string, ILot>();
  /** Lots whose records are complete (every item checked): each has an ITR. */
  const recordsComplete: ILot[] = [];
  for (const [index, lotSeed] of seed.lots.entries()) {
    const location = locations.get(lotSeed.location);
    if (!location) throw new Error(`Demo lot "${lotSeed.title}": no location ${lotSeed.location}`);
    const { state, actions, steps, remark } = walkToState(lotSeed, paths);
    // Older lots first, the newest about a month old, so every date of a closed lot is in the past.
    const opened = today - (30 + (seed.lots.length - index) * 4) * DAY_MS;
    const after = (days: number) => dayOf(new Date(opened + days * DAY_MS));
    const did = (action: LotAction) => actions.includes(action);
    const closed = state.status === "closed";
    const lot = em.create(Lot, {
      id: randomUUID(),
      project,
      number: await nextNumber(em, project.id, "LOT"),
      title: lotSeed.title,
      lotType: lotSeed.lotType,
      status: state.status,
      subStatus: state.subStatus,
      location,
      area: lotSeed.location.split(LOCATION_NAME_SEPARATOR)[0],
      activity: lotSeed.lotType,
      discipline: lotSeed.discipline,
      managedBy: people.checker.name,
      designPackage: null,
      system: null,
      subDiscipline: null,
      wbs: `${project.number}.${lotSeed.workPack.slice(0, 5)}.${String(index + 1).padStart(3, "0")}`,
      assetOwner: seed.customer,
      engineerResponsible: seed.engineerResponsible,
      supervisorResponsible: seed.supervisorResponsible,
      controlLine: lotSeed.chainage ? "MC01" : null,
      chainageStart: lotSeed.chainage?.[0] ?? null,
      chainageEnd: lotSeed.chainage?.[1] ?? null,
      comment: null,
      remark,
      workPack: lotSeed.workPack,
      subcontractor: lotSeed.bySubcontractor ? people.subcontractor : null,
      zone: null,
      workCommencedOn: did("start_work") ? after(5) : null,
      scheduledStart: after(3),
      completedOn: did("mark_records_complete") ? after(12) : null,
      lotOpenedOn: after(0),
      lotCloseTarget: after(30),
      qaCompletedOn: did("qa_approve") ? after(20) : null,
      lotClosedOn: closed ? after(26) : null,
      lotVerifiedBy: closed ? people.quality.name : null,
      createdBy: people.author,
    });
    lots.set(lotSeed.title, lot);
    // A lot made non-conforming by an NCR has that NCR, in progress, raised when the step happened.
    const ncrStep = actions.indexOf("raise_ncr");
    if (ncrStep >= 0) {
      const ncr = em.create(Ncr, {
        id: randomUUID(),
        project,
        number: await nextNumber(em, project.id, "NCR"),
        type: "product",
        status: "in_progress",
        lot,
        title: `${lotSeed.title}: honeycombing and low cover`,
        description:
          "Honeycombing over about 0.5 m² at the east end; cover measured 48 mm where 65 mm is specified.",
        raisedOn: after(5 + ncrStep * 2),
        containment: "Area taped off; no loading or backfill until the disposition is decided.",
        clientToBeInformed: true,
        createdBy: people.quality,
      } as never);
      steps[ncrStep].comment = ncr.number;
      em.create(ActivityLog, {
        project,
        actor: people.quality,
        entityType: "ncr",
        entityId: ncr.id,
        action: "created",
        before: null,
        after: { number: ncr.number, type: "product", lotNumber: lot.number },
        createdAt: new Date(opened + (5 + ncrStep * 2) * DAY_MS),
      });
    }
    // The lot's history as the screens would have written it: created, then each workflow step.
    const entry = (days: number, actor: IUser, action: string, before: object | null, after: object) =>
      em.create(ActivityLog, {
        project,
        actor,
        entityType: "lot",
        entityId: lot.id,
        action,
        before: before as Record<string, unknown> | null,
        after: after as Record<string, unknown>,
        createdAt: new Date(opened + days * DAY_MS),
      });
    entry(0, people.author, "created", null, { number: lot.number, title: lot.title });
    steps.forEach((step, stepIndex) => {
      const actor = SITE_TEAM_ACTIONS.has(step.action) ? people.checker : people.quality;
      entry(
        5 + stepIndex * 2,
        actor,
        "status-changed",
        { ...step.before },
        {
          ...step.after,
          action: step.action,
          comment: step.comment,
        },
      );
    });
    if (lotSeed.withoutItp) {
      if (did("submit_to_engineer"))
        throw new Error(
          `Demo lot "${lotSeed.title}" went to the engineer without an ITP: the gate refuses it`,
        );
      continue;
    }
    em.create(LotItp, { project, lot, itp: activeItp.itp, assignedBy: people.checker });
    if (did("mark_records_complete")) recordsComplete.push(lot);
    const checked = checkedItemCount(actions, activeItp.items.length);
    const rejected = state.status === "non_conforming";
    activeItp.items.slice(0, checked).forEach((item, itemIndex) => {
      // A rejected lot has one failed check: the last item it reached.
      const failed = rejected && itemIndex === checked - 1;
      // An item that needs the subcontractor's signature is signed when it is checked (the lot's gate needs it).
      const signed = item.subcontractorSignature;
      const checkedAt = new Date(opened + (5 + itemIndex) * DAY_MS);
      em.create(LotItemCheck, {
        project,
        lot,
        item,
        state: failed ? "non_conforming" : "conforming",
        comment: failed ? remark : null,
        checkedBy: people.checker,
        checkedAt,
        subcontractorSignedBy: signed ? people.checker : null,
        subcontractorSignedAt: signed ? checkedAt : null,
      });
      // A hold or witness point the lot got past was called and released (by QA on the client's behalf): the
      // items after a hold point are checked only once it is released, and the lot goes to the engineer only then.
      if (item.inspectionPoint === "H" || item.inspectionPoint === "W")
        em.create(LotInspectionPoint, {
          project,
          lot,
          item,
          state: "released",
          lastAction: "release",
          notifiedBy: people.checker,
          notifiedAt: new Date(checkedAt.getTime() - DAY_MS / 2),
          decidedBy: people.quality,
          decidedAt: checkedAt,
        });
    });
  }
  return { lots, recordsComplete };
}

/** A one-page inspection and test record, as a site team would scan or export it. */
async function itrPdf(lot: ILot, itr: ProjectQualitySeed["itrs"][number]): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: itr.title } });
  doc.fontSize(16).text("Inspection and Test Record");
  doc.moveDown(0.5).fontSize(11).text(`${lot.number}  ${lot.title}`);
  doc.text(itr.title).moveDown();
  doc.fontSize(10);
  for (const line of itr.lines) doc.text(line);
  doc.end();
  return buffer(doc);
}

function byTitle(lots: Map<string, ILot>, title: string): ILot {
  const lot = lots.get(title);
  if (!lot) throw new Error(`The quality demo data names a lot it does not have: ${title}`);
  return lot;
}

async function seedProjectQuality(
  em: EntityManager,
  project: IProject,
  seed: ProjectQualitySeed,
  people: SeedPeople,
) {
  const locations = seedLocations(em, project, seed.locations);
  const itps = await seedItps(em, project, seed, people);
  const activeItp = itps.find((entry) => entry.seed.status === "active")!;
  const { lots, recordsComplete } = await seedLots(em, project, seed, people, locations, activeItp);

  for (const equipment of seed.equipment)
    em.create(LotEquipment, {
      project,
      lot: byTitle(lots, equipment.lot),
      name: equipment.name,
      description: equipment.description,
    });
  for (const [title, relatedTitle] of seed.relatedLots)
    em.create(LotRelation, {
      project,
      lot: byTitle(lots, title),
      related: byTitle(lots, relatedTitle),
      createdBy: people.checker,
    });
  const audited = byTitle(lots, seed.dtiAudit.lot);
  em.create(LotDtiAudit, {
    project,
    lot: audited,
    auditorName: seed.dtiAudit.auditorName,
    auditedOn: audited.lotClosedOn ?? dayOf(new Date()),
    processCompleted: true,
    reason: seed.dtiAudit.reason,
    comments: seed.dtiAudit.comments,
    signature: null,
    signedBy: people.quality,
    signedAt: new Date(),
  });
  await seedQualityRecords(
    em,
    project,
    { raiser: people.quality, assignee: people.checker, company: people.subcontractor },
    [...lots.values()],
  );
  await em.flush();
  await seedQualityPoints(em, project, people);

  // Every lot with its records complete has an inspection and test record: the seed's own ones, else a
  // generated summary (its items all name a verifying document, so the gate needs one).
  const withItr = new Set(seed.itrs.map((itr) => itr.lot));
  const generated = recordsComplete
    .filter((lot) => !withItr.has(lot.title))
    .map((lot) => ({
      lot: lot.title,
      title: "Inspection and test record",
      fileName: `ITR-${lot.number}.pdf`,
      description: `Checks of ${activeItp.itp.number} on ${lot.number}, signed by the site engineer.`,
      lines: activeItp.items.map((item) => `${item.position}. ${item.activity}: conforming`),
    }));
  for (const itr of [...seed.itrs, ...generated]) {
    const lot = byTitle(lots, itr.lot);
    const pdf = await itrPdf(lot, itr);
    const key = newStorageKey();
    const { size } = await fileStorage().put(key, Readable.from(pdf), { contentType: "application/pdf" });
    await saveAttachmentRecords(em, {
      projectId: project.id,
      entityType: LOT_ITR_ENTITY_TYPE,
      entityId: lot.id,
      files: [{ key, fileName: itr.fileName, contentType: "application/pdf", size }],
      uploadedBy: people.checker.id,
      title: itr.title,
      description: itr.description,
    });
  }
}

/**
 * The bridge demo project's quality library, without its lots: the location tree and the three ITPs
 * (ITP-0001 active, ITP-0002 in review by Quality, ITP-0003 draft), prepared by the given engineer. The
 * end-to-end tests start each of their projects from it.
 */
export async function seedQualityLibrary(
  em: EntityManager,
  project: IProject,
  engineer: IUser,
): Promise<void> {
  seedLocations(em, project, BRIDGE_QUALITY.locations);
  await seedItps(em, project, BRIDGE_QUALITY, {
    author: engineer,
    checker: engineer,
    quality: engineer,
    subcontractor: null,
  });
  await em.flush();
}

/**
 * The quality module's demo records in the two demo projects: a location tree, three ITPs (active, in
 * review by Quality, draft), lots in every state of the lot workflow with the active ITP and its
 * checks, equipment, related lots, a DTI audit and inspection and test records with real files.
 */
export async function seedQualityDemo(
  em: EntityManager,
  input: {
    bridge: IProject;
    rail: IProject;
    admin: IUser;
    engineer: IUser;
    quality: IUser;
    subcontractor: ICompany;
  },
): Promise<void> {
  await seedQualitySettings(em, input.bridge, input.admin);
  await seedProjectQuality(em, input.bridge, BRIDGE_QUALITY, {
    author: input.admin,
    checker: input.engineer,
    quality: input.quality,
    subcontractor: input.subcontractor,
  });
  // The admin is the rail project's only member.
  await seedProjectQuality(em, input.rail, RAIL_QUALITY, {
    author: input.admin,
    checker: input.admin,
    quality: input.admin,
    subcontractor: null,
  });
}
