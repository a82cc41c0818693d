import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import {
  type ActionRelation,
  type ActionStatus,
  type ActionStep,
  applyActionStep,
} from "~/modules/safety/domain/action-workflow";
import {
  type ISafetyAction,
  SafetyAction,
  SafetyActionComment,
  SafetyActionWatcher,
} from "~/modules/safety/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import type { IProject, IUser } from "~/server/db/entities";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";
import { seedIncidentDemo } from "./safety-incidents";

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
  // --- Incidents: six incidents across every state (prisma-seed/safety-incidents.ts). ---
  await em.flush();
  await seedIncidentDemo(em, input);
  // --- end incidents ---
}
