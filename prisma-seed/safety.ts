import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import {
  type ActionRelation,
  type ActionStatus,
  type ActionStep,
  applyActionStep,
} from "~/modules/safety/domain/action-workflow";
import {
  applyObservationStep,
  initialObservationStatus,
  type ObservationKind,
  type ObservationRelation,
  type ObservationStatus,
  type ObservationStep,
} from "~/modules/safety/domain/observation-workflow";
import {
  type ISafetyAction,
  type ISafetyEnforcementScan,
  type ISafetyObservation,
  SafetyAction,
  SafetyActionComment,
  SafetyActionWatcher,
  SafetyEnforcementScan,
  SafetyHoursWorked,
  SafetyObservation,
} from "~/modules/safety/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { type IProject, type IUser, Location } from "~/server/db/entities";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";
import { seedAuditDemo } from "./safety-audits";
import { seedIncidentDemo } from "./safety-incidents";
import { seedPermitsDemo, seedSdsDemo } from "./safety-permits";
import { seedSwmsDemo } from "./safety-swms";

/** The activity log's and the evidence's entity type of an action (modules/safety/server/action-rules). */
const ACTION_ENTITY_TYPE = "safety-action";

type SafetyPeople = { engineer: IUser; manager: IUser; viewer: IUser };

type ActionSeed = {
  title: string;
  label: string;
  riskRanking: ISafetyAction["riskRanking"];
  /** Days from today; negative is past due. */
  dueInDays: number | null;
  assignee: keyof SafetyPeople;
  creator: keyof SafetyPeople;
  watchers: (keyof SafetyPeople)[];
  /** The steps from open, each by the person whose step it is, with a reason where the table wants one. */
  steps: { step: ActionStep; by: keyof SafetyPeople; comment?: string }[];
  comments: { by: keyof SafetyPeople; body: string }[];
  evidence?: string;
};

const BRIDGE_ACTIONS: ActionSeed[] = [
  {
    title: "Replace the missing edge protection on span 2",
    label: "Working at height",
    riskRanking: "extreme",
    dueInDays: -2,
    assignee: "engineer",
    creator: "manager",
    watchers: ["viewer"],
    steps: [],
    comments: [{ by: "manager", body: "Seen on the morning walk: the east edge is open for 6 m." }],
    evidence: "span-2-edge.txt",
  },
  {
    title: "Tag and test the site office extension leads",
    label: "Electrical",
    riskRanking: "medium",
    dueInDays: 5,
    assignee: "engineer",
    creator: "manager",
    watchers: [],
    steps: [{ step: "start", by: "engineer" }],
    comments: [{ by: "engineer", body: "Electrician booked for Thursday." }],
  },
  {
    title: "Clear the walkway to the batching plant",
    label: "Housekeeping",
    riskRanking: "low",
    dueInDays: 1,
    assignee: "engineer",
    creator: "manager",
    watchers: ["viewer"],
    steps: [
      { step: "start", by: "engineer" },
      { step: "complete", by: "engineer" },
    ],
    comments: [],
  },
  {
    title: "Service the fire extinguishers in the crib room",
    label: "Emergency",
    riskRanking: "high",
    dueInDays: -10,
    assignee: "engineer",
    creator: "manager",
    watchers: [],
    steps: [
      { step: "start", by: "engineer" },
      { step: "complete", by: "engineer" },
      { step: "send_back", by: "manager", comment: "One extinguisher still has an old tag." },
      { step: "complete", by: "engineer" },
      { step: "close", by: "manager" },
    ],
    comments: [{ by: "manager", body: "All four tagged now, thanks." }],
  },
  {
    title: "Fix the gap under the perimeter fence at gate 3",
    label: "Security",
    riskRanking: "medium",
    dueInDays: null,
    assignee: "manager",
    creator: "engineer",
    watchers: [],
    steps: [
      { step: "complete", by: "manager" },
      { step: "close", by: "engineer" },
      { step: "reopen", by: "engineer", comment: "The fence was pushed over again last night." },
    ],
    comments: [],
  },
];

const day = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/**
 * The demo project's safety actions: one in each state, each walked through the action table by the person
 * whose step it is (so the log reads as a user's would), with watchers, comments and one with evidence.
 */
export async function seedSafetyDemo(em: EntityManager, input: { bridge: IProject } & SafetyPeople) {
  const { bridge } = input;
  const people: SafetyPeople = input;
  // Every permission of the table: the seed walks the steps as the people whose steps they are.
  const granted = new Set(["safety.actions.update-status", "safety.actions.close", "safety.actions.delete"]);
  for (const seed of BRIDGE_ACTIONS) {
    const creator = people[seed.creator];
    const assignee = people[seed.assignee];
    const action = em.create(SafetyAction, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "ACT"),
      title: seed.title,
      label: seed.label,
      riskRanking: seed.riskRanking,
      status: "open",
      assignee,
      createdBy: creator,
      dueDate: seed.dueInDays === null ? null : day(seed.dueInDays),
    } as never) as ISafetyAction;
    recordActivity(em, {
      projectId: bridge.id,
      actorId: creator.id,
      entityType: ACTION_ENTITY_TYPE,
      entityId: action.id,
      action: "created",
      after: { number: action.number, status: "open", title: action.title },
    });
    for (const watcher of seed.watchers)
      em.create(SafetyActionWatcher, { project: bridge, action, user: people[watcher] } as never);
    let status: ActionStatus = "open";
    for (const { step, by, comment } of seed.steps) {
      const actor = people[by];
      const relation: ActionRelation = {
        isCreator: actor.id === creator.id,
        isAssignee: actor.id === assignee.id,
        isManager: by === "manager",
      };
      const result = applyActionStep(status, step, granted, relation, { comment });
      if (!result.ok || result.to === null) throw new Error(`Demo action step ${status} ${step}: refused`);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: actor.id,
        entityType: ACTION_ENTITY_TYPE,
        entityId: action.id,
        action: "status-changed",
        before: { status },
        after: { status: result.to, action: step, comment: comment ?? null },
      });
      status = result.to;
    }
    action.status = status;
    if (status === "completed") action.completedAt = new Date();
    if (status === "closed") action.closedAt = new Date();
    for (const comment of seed.comments)
      em.create(SafetyActionComment, {
        project: bridge,
        action,
        author: people[comment.by],
        body: comment.body,
      } as never);
    await em.flush();
    if (seed.evidence) {
      const text = Buffer.from("Morning walk, span 2 east edge: edge protection missing over 6 m.\n");
      const key = newStorageKey();
      const { size } = await fileStorage().put(key, Readable.from(text), { contentType: "text/plain" });
      await saveAttachmentRecords(em, {
        projectId: bridge.id,
        entityType: ACTION_ENTITY_TYPE,
        entityId: action.id,
        files: [{ key, fileName: seed.evidence, contentType: "text/plain", size }],
        uploadedBy: creator.id,
      });
    }
  }
  // Observations and enforcement scans (decision 031), after the actions so their numbers stay as they were.
  await seedObservationsDemo(em, input);
  await seedEnforcementDemo(em, input);
  // --- Incidents: six incidents across every state (prisma-seed/safety-incidents.ts). ---
  await em.flush();
  await seedIncidentDemo(em, input);
  // --- end incidents ---
  // --- Audits and inspections: one of each kind in each state (prisma-seed/safety-audits.ts). ---
  await seedAuditDemo(em, input);
  // --- end audits and inspections ---
  // --- SWMS: one in each of the nine states (prisma-seed/safety-swms.ts). ---
  await seedSwmsDemo(em, input);
  // --- end SWMS ---
  // --- Permits to work and SDS: a permit in each state, sheets expired and expiring (prisma-seed/safety-permits.ts). ---
  await em.flush();
  await seedPermitsDemo(em, input);
  await seedSdsDemo(em, input);
  // --- end permits to work and SDS ---
}

// --- Observations and enforcement scans (decision 031) -------------------------------------------------

const OBSERVATION_ENTITY_TYPE = "safety-observation";
const ENFORCEMENT_ENTITY_TYPE = "safety-enforcement-scan";

type ObservationSeed = {
  kind: ObservationKind;
  title: string;
  description: string;
  /** A place of the bridge's location tree (seeded by quality), by its name under its parent. */
  location: [parent: string, name: string] | null;
  daysAgo: number;
  raiser: keyof SafetyPeople;
  assignee: keyof SafetyPeople | null;
  rectifiedOnSpot?: boolean;
  steps: { step: ObservationStep; by: keyof SafetyPeople; comment?: string }[];
  /** An action raised from it (the link both ways). */
  action?: { title: string; assignee: keyof SafetyPeople };
};

/** One observation in every state the table uses, and the two that are closed when raised. */
const BRIDGE_OBSERVATIONS: ObservationSeed[] = [
  {
    kind: "unsafe_condition",
    title: "Unguarded edge on the span 2 deck",
    description: "East edge open for about 6 m where the parapet formwork was stripped.",
    location: ["Span 2", "Deck"],
    daysAgo: 1,
    raiser: "manager",
    assignee: "engineer",
    steps: [],
    action: { title: "Install edge protection on the span 2 deck east edge", assignee: "engineer" },
  },
  {
    kind: "unsafe_act",
    title: "Operator on the phone while slewing the crane",
    description: "Seen from the site office during the morning lift.",
    location: ["Pier 1", "Pile cap"],
    daysAgo: 2,
    raiser: "engineer",
    assignee: "manager",
    steps: [{ step: "start", by: "manager" }],
  },
  {
    kind: "unsafe_condition",
    title: "Extension lead through a puddle at the batching plant",
    description: "Lead on the ground across the wash-down area.",
    location: null,
    daysAgo: 3,
    raiser: "manager",
    assignee: "engineer",
    steps: [
      { step: "start", by: "engineer" },
      { step: "complete", by: "engineer" },
    ],
  },
  {
    kind: "unsafe_condition",
    title: "Missing toe boards on the pier 2 scaffold",
    description: "Top lift, north side.",
    location: ["Pier 2", "Pile cap"],
    daysAgo: 5,
    raiser: "manager",
    assignee: "engineer",
    steps: [
      { step: "complete", by: "engineer" },
      { step: "reject", by: "manager", comment: "Still missing on the west side." },
    ],
  },
  {
    kind: "unsafe_condition",
    title: "Damaged hoarding at gate 3",
    description: "Panel pushed in by a delivery truck.",
    location: null,
    daysAgo: 6,
    raiser: "manager",
    assignee: "engineer",
    steps: [{ step: "dispute", by: "engineer", comment: "The hoarding is the traffic subcontractor's." }],
  },
  {
    kind: "unsafe_act",
    title: "Worker under a suspended load",
    description: "During the girder lift on span 1.",
    location: ["Span 1", "Deck"],
    daysAgo: 9,
    raiser: "engineer",
    assignee: "manager",
    steps: [
      { step: "start", by: "manager" },
      { step: "complete", by: "manager", comment: "Exclusion zone re-briefed and marked out." },
      { step: "close", by: "engineer" },
    ],
  },
  {
    kind: "positive",
    title: "Deck pour crew kept the walkway clear all shift",
    description: "Good housekeeping on the night pour.",
    location: ["Span 2", "Deck"],
    daysAgo: 4,
    raiser: "manager",
    assignee: null,
    steps: [],
  },
  {
    kind: "unsafe_act",
    title: "No gloves at the cut-off saw",
    description: "Told to stop and put gloves on; done.",
    location: null,
    daysAgo: 7,
    raiser: "engineer",
    assignee: null,
    rectifiedOnSpot: true,
    steps: [],
  },
];

const dayAgo = (days: number) => day(-days);

/** Finds a seeded location of the project by its parent's and its own name (null when quality seeded none). */
async function placeOf(em: EntityManager, project: IProject, at: [string, string] | null) {
  if (!at) return null;
  const [parent, name] = at;
  return em.findOne(Location, { project, name, parent: { name: parent } }, { filters: false });
}

/**
 * The demo project's observations: one in each state the table uses (walked by the people whose steps they
 * are, so the log reads as a user's would), a positive one and one put right on the spot (closed when
 * raised), and an action raised from the first (the link both ways).
 */
export async function seedObservationsDemo(em: EntityManager, input: { bridge: IProject } & SafetyPeople) {
  const { bridge } = input;
  const people: SafetyPeople = input;
  const granted = new Set([
    "safety.observations.update-status",
    "safety.observations.close",
    "safety.observations.delete",
  ]);
  for (const seed of BRIDGE_OBSERVATIONS) {
    const raiser = people[seed.raiser];
    const assignee = seed.assignee ? people[seed.assignee] : null;
    const first = initialObservationStatus(seed.kind, Boolean(seed.rectifiedOnSpot));
    const observation = em.create(SafetyObservation, {
      project: bridge,
      number: await nextNumber(em, bridge.id, "OBS"),
      kind: seed.kind,
      title: seed.title,
      description: seed.description,
      location: await placeOf(em, bridge, seed.location),
      observedOn: dayAgo(seed.daysAgo),
      status: first,
      rectifiedOnSpot: Boolean(seed.rectifiedOnSpot),
      assignee,
      closedAt: first === "closed" ? new Date() : null,
      createdBy: raiser,
    } as never) as ISafetyObservation;
    recordActivity(em, {
      projectId: bridge.id,
      actorId: raiser.id,
      entityType: OBSERVATION_ENTITY_TYPE,
      entityId: observation.id,
      action: "created",
      after: { number: observation.number, status: first, kind: seed.kind, title: seed.title },
    });
    let status: ObservationStatus = first;
    for (const { step, by, comment } of seed.steps) {
      const actor = people[by];
      const relation: ObservationRelation = {
        isRaiser: actor.id === raiser.id,
        isAssignee: actor.id === assignee?.id,
        isManager: by === "manager",
        hasWork: true,
      };
      const result = applyObservationStep(status, step, granted, relation, { comment });
      if (!result.ok || result.to === null)
        throw new Error(`Demo observation step ${status} ${step}: refused`);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: actor.id,
        entityType: OBSERVATION_ENTITY_TYPE,
        entityId: observation.id,
        action: "status-changed",
        before: { status },
        after: { status: result.to, action: step, comment: comment ?? null },
      });
      status = result.to;
    }
    observation.status = status;
    if (status === "completed") observation.completedAt = new Date();
    if (status === "closed") observation.closedAt = new Date();
    if (seed.action)
      await raiseDemoAction(
        em,
        bridge,
        observation,
        raiser,
        people[seed.action.assignee],
        seed.action.title,
        "observation",
        OBSERVATION_ENTITY_TYPE,
      );
    await em.flush();
  }
}

/** An open action raised from a record, logged on both: what "Raise an action" does. */
async function raiseDemoAction(
  em: EntityManager,
  project: IProject,
  source: { id: string },
  creator: IUser,
  assignee: IUser,
  title: string,
  sourceType: "observation" | "enforcement",
  sourceEntityType: string,
) {
  const action = em.create(SafetyAction, {
    project,
    number: await nextNumber(em, project.id, "ACT"),
    title,
    riskRanking: "high",
    status: "open",
    assignee,
    createdBy: creator,
    dueDate: day(2),
    sourceType,
    sourceId: source.id,
  } as never) as ISafetyAction;
  recordActivity(em, {
    projectId: project.id,
    actorId: creator.id,
    entityType: ACTION_ENTITY_TYPE,
    entityId: action.id,
    action: "created",
    after: { number: action.number, status: "open", title },
  });
  recordActivity(em, {
    projectId: project.id,
    actorId: creator.id,
    entityType: sourceEntityType,
    entityId: source.id,
    action: "action-raised",
    after: { actionId: action.id, number: action.number, title },
  });
}

type ObjectSeed = {
  type: ISafetyEnforcementScan["objectType"];
  id: string;
  name: string;
  activity: string;
};

const SCANNED_OBJECTS: ObjectSeed[] = [
  { type: "WORKER", id: "W-1042", name: "Sione Taufa", activity: "Deck pour, span 2" },
  { type: "WORKER", id: "W-1077", name: "Maria Lopez", activity: "Deck pour, span 2" },
  { type: "WORKER", id: "W-1103", name: "Dan Whitfield", activity: "Girder lift, span 1" },
  { type: "WORKER", id: "W-1150", name: "Aroha Ngata", activity: "Traffic control, gate 3" },
  {
    type: "PLANT_AND_MACHINERY",
    id: "PM-0042",
    name: "Komatsu PC210 excavator",
    activity: "Bulk excavation, abutment A",
  },
  {
    type: "PLANT_AND_MACHINERY",
    id: "PM-0107",
    name: "Liebherr LTM 1100 mobile crane",
    activity: "Girder lift, span 1",
  },
  {
    type: "PLANT_AND_MACHINERY",
    id: "PM-0211",
    name: "Bobcat S650 skid steer",
    activity: "Housekeeping, laydown yard",
  },
  { type: "TEMPORARY_WORKS", id: "TW-009", name: "Pier 2 access scaffold", activity: "Pier 2 formwork" },
  { type: "TEMPORARY_WORKS", id: "TW-014", name: "Span 2 falsework bay 3", activity: "Deck pour, span 2" },
  {
    type: "TEMPORARY_WORKS",
    id: "TW-021",
    name: "Abutment A excavation shoring",
    activity: "Bulk excavation, abutment A",
  },
];

/** Which scans fail (by object index and round) and why; every other scan passes. */
const FAILURES: Record<string, string> = {
  "4:1": "Reversing alarm not working; operator stood down until fixed.",
  "2:1": "White card expired last week.",
  "7:0": "Scaffold tag out of date (last inspected 10 days ago).",
  "9:3": "Shoring inspection record missing for today.",
};

/**
 * A few dozen enforcement scans: ten objects checked on four rounds a few days apart, mostly PASS, with
 * four FAILs (one with an NCR raised, one with an action raised from it), so each object has a history.
 */
export async function seedEnforcementDemo(em: EntityManager, input: { bridge: IProject } & SafetyPeople) {
  const { bridge } = input;
  const people: SafetyPeople = input;
  for (let round = 0; round < 4; round += 1)
    for (const [index, object] of SCANNED_OBJECTS.entries()) {
      // Not every object is on site every round.
      if ((index + round) % 5 === 4) continue;
      const failure = FAILURES[`${index}:${round}`];
      const scannedBy = (index + round) % 2 ? people.engineer : people.manager;
      const createdAt = new Date();
      createdAt.setUTCDate(createdAt.getUTCDate() - (12 - round * 3));
      createdAt.setUTCHours(7 + (index % 4), 15 * (index % 4), 0, 0);
      const scan = em.create(SafetyEnforcementScan, {
        project: bridge,
        number: await nextNumber(em, bridge.id, "ENF"),
        objectType: object.type,
        objectId: object.id,
        objectName: object.name,
        activity: object.activity,
        comment: failure ?? null,
        ncrRaised: failure !== undefined && object.type === "TEMPORARY_WORKS",
        status: failure ? "FAIL" : "PASS",
        createdBy: scannedBy,
        createdAt,
      } as never) as ISafetyEnforcementScan;
      recordActivity(em, {
        projectId: bridge.id,
        actorId: scannedBy.id,
        entityType: ENFORCEMENT_ENTITY_TYPE,
        entityId: scan.id,
        action: "created",
        after: { number: scan.number, status: scan.status, objectType: object.type, objectId: object.id },
      });
      if (failure && object.type === "PLANT_AND_MACHINERY")
        await raiseDemoAction(
          em,
          bridge,
          scan,
          people.manager,
          people.engineer,
          `Fix the ${object.name}'s reversing alarm before it returns to work`,
          "enforcement",
          ENFORCEMENT_ENTITY_TYPE,
        );
    }
  await em.flush();
}

// --- Safety settings: a year of hours worked (issue #13, settings part) ------------------------------

/** The month `back` months before the current one, as its first day (YYYY-MM-01, UTC). */
function monthStart(back: number): string {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return start.toISOString().slice(0, 10);
}

/**
 * A project's crew over twelve months, oldest first: it ramps up from the `from` headcount to `peak` by the
 * middle of the year and eases back; 20 to 60 people is a bridge or rail job in its main works.
 */
function crew(from: number, peak: number, month: number): number {
  const rise = Math.sin((Math.PI * (month + 1)) / 13);
  return Math.round(from + (peak - from) * rise);
}

/**
 * A year of hours worked for the demo projects: the twelve months before this one, each crew × about 200
 * hours (190–212: rain days and overtime vary it), entered by the HSSE manager. The current month is left
 * blank, as a site enters it once the month is over.
 */
export async function seedSafetyHoursDemo(
  em: EntityManager,
  input: { projects: { project: IProject; from: number; peak: number }[]; enteredBy: IUser },
) {
  const hoursPerHead = [198, 204, 191, 207, 212, 196, 190, 203, 209, 194, 201, 206];
  for (const { project, from, peak } of input.projects) {
    for (let month = 0; month < 12; month++) {
      em.create(SafetyHoursWorked, {
        project,
        month: monthStart(12 - month),
        hours: crew(from, peak, month) * hoursPerHead[month],
        enteredBy: input.enteredBy,
      } as never);
    }
  }
  await em.flush();
}
// --- end of safety settings ----------------------------------------------------------------------
