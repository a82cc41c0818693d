import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { DefectAction, DefectPriority, DefectStatus } from "~/modules/quality/domain/defect-workflow";
import type { NcrStatus } from "~/modules/quality/domain/ncr-workflow";
import { Defect, type ILot, Ncr } from "~/modules/quality/entities";
import { nextNumber } from "~/server/db/counters";
import { ActivityLog, type ICompany, type IProject, type IUser } from "~/server/db/entities";

/**
 * The punch list and the NCR register of a demo project in every state of their tables: a defect in each of
 * the nine defect states (with the steps that took it there in its history) and NCRs in progress (the lots'
 * own, seeded with the lots), in review, closed (with its disposition, corrective action and effectiveness
 * check, on a closed lot) and archived. Called once per demo project by prisma-seed/quality.ts.
 */

type People = { raiser: IUser; assignee: IUser; company: ICompany | null };

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Each defect state with the steps that reach it from a draft, and what the defect is about. */
const DEFECTS: {
  status: DefectStatus;
  steps: DefectAction[];
  title: string;
  priority: DefectPriority;
  comment?: string;
}[] = [
  { status: "draft", steps: [], title: "Scuffed handrail paint at stair 2", priority: "low" },
  { status: "pending", steps: ["raise"], title: "Missing bolt cap on barrier post 14", priority: "normal" },
  {
    status: "open",
    steps: ["raise", "start", "complete", "start_review", "approve", "reopen"],
    title: "Drainage grate rocking under load",
    priority: "high",
    comment: "Grate rocks again after the first wet week; re-seat it.",
  },
  {
    status: "in_progress",
    steps: ["raise", "start"],
    title: "Honeycomb patch at abutment face",
    priority: "high",
  },
  {
    status: "completed",
    steps: ["raise", "start", "complete"],
    title: "Sealant gap at expansion joint",
    priority: "normal",
  },
  {
    status: "in_review",
    steps: ["raise", "start", "complete", "start_review"],
    title: "Spalled edge on kerb unit",
    priority: "normal",
  },
  {
    status: "not_approved",
    steps: ["raise", "start", "complete", "start_review", "reject"],
    title: "Line marking overspray on footpath",
    priority: "low",
    comment: "Overspray still visible at the north end; clean it back to the kerb.",
  },
  {
    status: "in_dispute",
    steps: ["raise", "dispute"],
    title: "Cracked cover to pit 7",
    priority: "normal",
    comment: "The lid was cracked by the services contractor, not by our works.",
  },
  {
    status: "closed",
    steps: ["raise", "start", "complete", "start_review", "approve"],
    title: "Formwork tie holes not filled",
    priority: "normal",
  },
];

/** The steps' target states, to write each step's history entry. */
const STEP_TARGET: Record<DefectAction, DefectStatus | null> = {
  raise: "pending",
  delete: null,
  start: "in_progress",
  dispute: "in_dispute",
  complete: "completed",
  start_review: "in_review",
  approve: "closed",
  reject: "not_approved",
  rework: "in_progress",
  reissue: "pending",
  withdraw: "closed",
  reopen: "open",
};

export async function seedQualityRecords(
  em: EntityManager,
  project: IProject,
  people: People,
  lots: ILot[],
): Promise<void> {
  const start = Date.now() - 40 * DAY_MS;
  const at = (days: number) => new Date(start + days * DAY_MS);
  const entry = (
    entityType: string,
    entityId: string,
    actor: IUser,
    action: string,
    days: number,
    values: object,
  ) =>
    em.create(ActivityLog, {
      project,
      actor,
      entityType,
      entityId,
      action,
      before: null,
      after: values as Record<string, unknown>,
      createdAt: at(days),
    });

  for (const [index, seed] of DEFECTS.entries()) {
    const lot = lots[index % Math.max(lots.length, 1)] ?? null;
    const closed = seed.status === "closed";
    const defect = em.create(Defect, {
      id: randomUUID(),
      project,
      number: await nextNumber(em, project.id, "DEF"),
      title: seed.title,
      description: `Found on the walk-down of ${dayOf(at(index))}. ${seed.title}.`,
      status: seed.status,
      priority: seed.priority,
      location: lot?.location ?? null,
      lot,
      company: people.company,
      assignee: seed.status === "draft" ? null : people.assignee,
      // Two are past due and still open, so the register shows what is overdue.
      dueDate: dayOf(at(index < 4 ? 30 : 50 + index)),
      raisedAt: seed.steps.length > 0 ? at(index) : null,
      closedAt: closed ? at(index + 10) : null,
      createdBy: people.raiser,
    } as never);
    entry("defect", defect.id, people.raiser, "created", index, { number: defect.number, status: "draft" });
    let from: DefectStatus = "draft";
    for (const [step, action] of seed.steps.entries()) {
      const to = STEP_TARGET[action] as DefectStatus;
      const byAssignee = ["start", "complete", "dispute", "rework"].includes(action);
      const isLast = step === seed.steps.length - 1;
      em.create(ActivityLog, {
        project,
        actor: byAssignee ? people.assignee : people.raiser,
        entityType: "defect",
        entityId: defect.id,
        action: "status-changed",
        before: { status: from },
        after: { status: to, action, comment: isLast ? (seed.comment ?? null) : null },
        createdAt: at(index + 1 + step),
      });
      from = to;
    }
  }

  // NCRs beyond the lots' own (in progress): one in review, one closed on a closed lot, one archived.
  const closedLot = lots.find((lot) => lot.status === "closed") ?? null;
  const ncrs: { status: NcrStatus; lot: ILot | null; title: string }[] = [
    { status: "in_review", lot: null, title: "Concrete delivery dockets not checked on arrival" },
    { status: "closed", lot: closedLot, title: "Cover below specification at the north face" },
    { status: "archived", lot: null, title: "Calibration certificate of the slump cone expired" },
  ];
  for (const [index, seed] of ncrs.entries()) {
    const done = seed.status === "closed" || seed.status === "archived";
    const ncr = em.create(Ncr, {
      id: randomUUID(),
      project,
      number: await nextNumber(em, project.id, "NCR"),
      type: seed.lot ? "product" : "system",
      status: seed.status,
      lot: seed.lot,
      title: seed.title,
      description: `${seed.title}, found during the weekly quality walk.`,
      raisedOn: dayOf(at(5 + index)),
      containment: "Work at the area held until the disposition is decided.",
      disposition: seed.lot ? "repair" : null,
      clientToBeInformed: Boolean(seed.lot),
      rootCause: "The inspection step was skipped under programme pressure.",
      correctiveAction: "Toolbox talk on the inspection step; checklist signed before each pour.",
      correctiveActionOwner: people.assignee.name,
      correctiveActionDue: dayOf(at(20 + index)),
      effectivenessCheck: done ? "The next three pours were inspected with the checklist: no repeat." : null,
      closedOn: done ? dayOf(at(25 + index)) : null,
      createdBy: people.raiser,
    } as never);
    entry("ncr", ncr.id, people.raiser, "created", 5 + index, {
      number: ncr.number,
      type: ncr.type,
      lotNumber: seed.lot?.number ?? null,
    });
  }
}
