import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import {
  applyPermitStep,
  type ChecklistAnswer,
  checklistFor,
  type PermitRelation,
  type PermitStatus,
  type PermitStep,
  type PermitType,
  permitFacts,
} from "~/modules/safety/domain/permit-workflow";
import { type SdsStatus, type SdsStep, sdsWorkflow } from "~/modules/safety/domain/sds-workflow";
import {
  type ISafetyPermit,
  type ISafetySds,
  SafetyPermit,
  SafetyPermitSignature,
  SafetySds,
} from "~/modules/safety/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { type IProject, type IUser, Location } from "~/server/db/entities";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";

/** The activity log's entity types (modules/safety/server/permit-basics and sds-basics). */
const PERMIT_ENTITY_TYPE = "safety-permit";
const SDS_ENTITY_TYPE = "safety-sds";

type People = { engineer: IUser; manager: IUser; viewer: IUser };

const HOUR = 3_600_000;
/** A whole hour `hours` from now (negative: past), as permits are written. */
const atHour = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR);
const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

type PermitSeed = {
  type: PermitType;
  title: string;
  conditions: string;
  place: [parent: string, name: string] | null;
  /** The period, in hours from now. */
  from: number;
  to: number;
  /** Answer every item (yes, or N/A for the last), or leave the first `unanswered` blank. */
  unanswered?: number;
  steps: PermitStep[];
};

/**
 * A permit in each state on the bridge: one being prepared, one waiting for the issuer, one active now, one
 * active whose period has ended (Expired: the work should stop), one closed and one archived. The engineer
 * prepares and receives them, the HSSE manager issues them.
 */
const BRIDGE_PERMITS: PermitSeed[] = [
  {
    type: "hot_work",
    title: "Welding handrail brackets, span 2 east",
    conditions: "Fire blankets under the work. Fire watch 30 minutes after the last weld.",
    place: ["Span 2", "Deck"],
    from: 20,
    to: 30,
    unanswered: 4,
    steps: [],
  },
  {
    type: "work_at_height",
    title: "Installing bearing plates at pier 2",
    conditions: "Work from the EWP only. Two-person rule.",
    place: ["Pier 2", "Pile cap"],
    from: 20,
    to: 30,
    steps: ["submit"],
  },
  {
    type: "excavation",
    title: "Trench for the drainage line at abutment A",
    conditions: "Benching at 1:1 past 1.5 m. Services located by the locator on site.",
    place: null,
    from: -2,
    to: 8,
    steps: ["submit", "approve"],
  },
  {
    type: "confined_space",
    title: "Inspecting the culvert under span 1",
    conditions: "Continuous gas monitoring. Standby person at the entry at all times.",
    place: ["Span 1", "Deck"],
    from: -30,
    to: -20,
    steps: ["submit", "approve"],
  },
  {
    type: "electrical_isolation",
    title: "Isolating the site compound switchboard",
    conditions: "Isolation by the licensed electrician; personal locks on every point.",
    place: null,
    from: -74,
    to: -66,
    steps: ["submit", "approve", "close"],
  },
  {
    type: "lifting",
    title: "Lifting girders onto span 1",
    conditions: "Lift plan LP-03. Exclusion zone under the whole lift.",
    place: ["Span 1", "Deck"],
    from: -240,
    to: -230,
    steps: ["submit", "approve", "close", "archive"],
  },
];

async function placeOf(em: EntityManager, project: IProject, at: [string, string] | null) {
  if (!at) return null;
  const [parent, name] = at;
  return em.findOne(Location, { project, name, parent: { name: parent } }, { filters: false });
}

const ALL_PERMIT_STEPS = new Set([
  "safety.permits.update-status",
  "safety.permits.approve",
  "safety.permits.close",
  "safety.permits.archive",
]);

export async function seedPermitsDemo(em: EntityManager, input: { bridge: IProject } & People) {
  const { bridge, engineer, manager } = input;
  for (const seed of BRIDGE_PERMITS) {
    const validFrom = atHour(seed.from);
    const validTo = atHour(seed.to);
    const items = checklistFor(seed.type);
    const checklist = items.map((item, index) => ({
      key: item.key,
      answer:
        seed.unanswered && index < seed.unanswered
          ? null
          : ((index === items.length - 1 ? "na" : "yes") as ChecklistAnswer),
    }));
    const permit = em.create(SafetyPermit, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "PTW"),
      type: seed.type,
      title: seed.title,
      location: await placeOf(em, bridge, seed.place),
      validFrom,
      validTo,
      issuer: manager,
      receiver: engineer,
      conditions: seed.conditions,
      checklist,
      status: "IN_PROGRESS",
      createdBy: engineer,
    } as never) as ISafetyPermit;
    recordActivity(em, {
      projectId: bridge.id,
      actorId: engineer.id,
      entityType: PERMIT_ENTITY_TYPE,
      entityId: permit.id,
      action: "created",
      after: { number: permit.number, status: "IN_PROGRESS", type: seed.type, title: seed.title },
    });
    let status: PermitStatus = "IN_PROGRESS";
    for (const step of seed.steps) {
      // The engineer submits; the HSSE manager (the issuer) approves, closes and archives. Each step is taken
      // inside the period it needs (an approval before the end), so the guards are read then.
      const actor = step === "submit" ? engineer : manager;
      const relation: PermitRelation = {
        isCreator: actor.id === engineer.id,
        isIssuer: actor.id === manager.id,
        isReceiver: actor.id === engineer.id,
        isManager: actor.id === manager.id,
      };
      const facts = permitFacts(checklist, validTo, validFrom);
      const result = applyPermitStep(status, step, ALL_PERMIT_STEPS, relation, { comment: null, facts });
      if (!result.ok || result.to === null) throw new Error(`Demo permit step ${status} ${step}: refused`);
      const signed = step === "approve" || step === "close";
      if (signed)
        em.create(SafetyPermitSignature, {
          project: bridge,
          permit,
          step,
          signer: actor,
          signedName: actor.name,
          signature: null,
          comment: step === "close" ? "Work complete, area handed back." : null,
        } as never);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: actor.id,
        entityType: PERMIT_ENTITY_TYPE,
        entityId: permit.id,
        action: "status-changed",
        before: { status },
        after: {
          status: result.to,
          action: step,
          comment: null,
          ...(signed ? { signedBy: actor.name } : {}),
        },
      });
      status = result.to;
    }
    permit.status = status;
    if (seed.steps.includes("submit")) permit.submittedAt = validFrom;
    if (seed.steps.includes("approve")) permit.approvedAt = validFrom;
    if (seed.steps.includes("close")) permit.closedAt = validTo;
  }
}

type SdsSeed = {
  product: string;
  supplier: string;
  /** Days from today. */
  issued: number;
  expires: number;
  steps: SdsStep[];
};

/** A few sheets: current, one expired, one expiring within the warning window, one in review, one being filed. */
const BRIDGE_SDS: SdsSeed[] = [
  {
    product: "Sikaflex-11FC sealant",
    supplier: "Sika",
    issued: -400,
    expires: 1425,
    steps: ["submit", "approve"],
  },
  { product: "Diesel fuel", supplier: "BP", issued: -1835, expires: -10, steps: ["submit", "approve"] },
  {
    product: "Formwork release oil",
    supplier: "Nox-Crete",
    issued: -1810,
    expires: 12,
    steps: ["submit", "approve"],
  },
  { product: "Concrete curing compound", supplier: "Parchem", issued: -30, expires: 1795, steps: ["submit"] },
  { product: "Marking spray paint", supplier: "Dulux", issued: -90, expires: 1735, steps: [] },
];

const ALL_SDS_STEPS = new Set(["safety.sds.update-status", "safety.sds.close"]);

export async function seedSdsDemo(em: EntityManager, input: { bridge: IProject } & People) {
  const { bridge, engineer, manager } = input;
  for (const seed of BRIDGE_SDS) {
    const sds = em.create(SafetySds, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "SDS"),
      product: seed.product,
      supplier: seed.supplier,
      issueDate: dayFromNow(seed.issued),
      expiryDate: dayFromNow(seed.expires),
      status: "IN_PROGRESS",
      createdBy: engineer,
    } as never) as ISafetySds;
    recordActivity(em, {
      projectId: bridge.id,
      actorId: engineer.id,
      entityType: SDS_ENTITY_TYPE,
      entityId: sds.id,
      action: "created",
      after: { number: sds.number, status: "IN_PROGRESS", product: seed.product },
    });
    let status: SdsStatus = "IN_PROGRESS";
    for (const step of seed.steps) {
      const result = sdsWorkflow.apply(status, step, ALL_SDS_STEPS);
      if (!result.ok || result.to === null) throw new Error(`Demo SDS step ${status} ${step}: refused`);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: step === "submit" ? engineer.id : manager.id,
        entityType: SDS_ENTITY_TYPE,
        entityId: sds.id,
        action: "status-changed",
        before: { status },
        after: { status: result.to, action: step, comment: null },
      });
      status = result.to;
    }
    sds.status = status;
    await em.flush();
    const text = Buffer.from(`Safety data sheet: ${seed.product} (${seed.supplier}).\n`);
    const key = newStorageKey();
    const { size } = await fileStorage().put(key, Readable.from(text), { contentType: "text/plain" });
    await saveAttachmentRecords(em, {
      projectId: bridge.id,
      entityType: SDS_ENTITY_TYPE,
      entityId: sds.id,
      files: [{ key, fileName: `${seed.product} SDS.txt`, contentType: "text/plain", size }],
      uploadedBy: engineer.id,
    });
  }
}
