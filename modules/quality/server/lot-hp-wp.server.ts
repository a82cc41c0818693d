import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { maxLengthMessage, message } from "~/app/utils/message-key";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  availablePointActions,
  inspectionPointWorkflow,
  POINT_ACTIONS,
  type PointAction,
  type PointKind,
  type PointOnLot,
} from "../domain/inspection-point-workflow";
import { POINT_ACTION_EVENTS } from "../domain/quality-notifications";
import {
  type IItpItem,
  type ILot,
  type ILotInspectionPoint,
  ItpItem,
  Lot,
  LotInspectionPoint,
  LotItp,
} from "../entities";
import { lotHpWpPath } from "./hp-wp-register-rules";
import { loadLotFrame } from "./lot-frame.server";
import { isPointKind } from "./lot-hold-points.server";
import { assignedItpsOf, LOT_ACTIVITY_ENTITY } from "./lot-itp.server";
import { formRefusal, lotIsFinal } from "./lot-itrs.server";
import { LOT_LIMITS } from "./lot-rules";
import { forbidden, lotById } from "./lots.server";
import { notifyQualityEvent } from "./quality-notifications.server";

/**
 * Hold and witness points on the server: the points' states on a lot (LotInspectionPoint, no row =
 * not_started), what the hold rules of domain/hold-points.ts read, and the HP/WP tab's steps through the
 * core's workflow engine (the lot locked, so two steps on one lot never cross; the entry on the lot's log).
 */

export const POINT_INTENT = "point";

export const pointStepSchema = z.object({
  intent: z.literal(POINT_INTENT),
  itemId: z.uuid({ error: message("quality:lot.errors.choiceNotFound") }),
  action: z.enum(POINT_ACTIONS, { error: message("quality:lot.errors.actionNotAllowed") }),
  comment: z.string().trim().max(LOT_LIMITS.note, maxLengthMessage(LOT_LIMITS.note)).optional(),
  /** Without a dialog, "not required" is confirmed by a checkbox the server insists on. */
  confirmed: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
});

export type PointView = {
  state: ILotInspectionPoint["state"];
  lastAction: PointAction | null;
  comment: string | null;
  notifiedBy: string | null;
  notifiedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
};

const NOT_STARTED: PointView = {
  state: "not_started",
  lastAction: null,
  comment: null,
  notifiedBy: null,
  notifiedAt: null,
  decidedBy: null,
  decidedAt: null,
};

/** The HP/WP tab: each ITP's hold and witness points with their state and the steps this user may take. */
export async function loadLotHpWpTab(context: ProjectContext, lotId: string | undefined) {
  const { em } = context;
  const frame = await loadLotFrame(context, lotId);
  const lot = await em.findOneOrFail(Lot, { id: frame.id });
  const locked = lotIsFinal(lot);
  const granted = grantedKeysOf(context);
  const [assigned, rows] = await Promise.all([
    assignedItpsOf(em, lot),
    em.find(LotInspectionPoint, { lot: lot.id }, { populate: ["notifiedBy", "decidedBy"] }),
  ]);
  const pointOf = new Map(rows.map((row) => [row.item.id, row]));
  const itps = assigned.map((itp) => ({
    itpId: itp.itpId,
    number: itp.number,
    title: itp.title,
    points: itp.items
      .filter((item) => isPointKind(item.inspectionPoint))
      .map((item) => {
        const row = pointOf.get(item.id);
        const point: PointView = row
          ? {
              state: row.state,
              lastAction: row.lastAction ?? null,
              comment: row.comment ?? null,
              notifiedBy: row.notifiedBy?.name ?? null,
              notifiedAt: row.notifiedAt?.toISOString() ?? null,
              decidedBy: row.decidedBy?.name ?? null,
              decidedAt: row.decidedAt?.toISOString() ?? null,
            }
          : NOT_STARTED;
        const state: PointOnLot = { kind: item.inspectionPoint as PointKind, state: point.state };
        return {
          id: item.id,
          position: item.position,
          activity: item.activity,
          kind: state.kind,
          acceptanceCriteria: item.acceptanceCriteria,
          verifyingDocument: item.verifyingDocument,
          check: item.check.state,
          point,
          actions: locked
            ? []
            : availablePointActions(state, granted).map((row) => ({
                action: row.action,
                confirm: Boolean(row.confirm),
                requiresComment: Boolean(row.requiresComment),
              })),
        };
      }),
  }));
  return { frame, locked, itps: itps.filter((itp) => itp.points.length > 0) };
}
export type LotHpWpTabData = Awaited<ReturnType<typeof loadLotHpWpTab>>;

const refused = (target: string | null, reply: ReturnType<typeof formRefusal>, status: number) =>
  data({ intent: POINT_INTENT, target, result: reply }, { status });

/** An ITP item of an ITP assigned to the lot that is a hold or witness point, or null. */
export async function pointItemOf(em: EntityManager, lotId: string, itemId: string | undefined) {
  const item = isUuid(itemId) ? await em.findOne(ItpItem, { id: itemId }, { populate: ["itp"] }) : null;
  const assigned = item ? await em.count(LotItp, { lot: lotId, itp: item.itp.id }) : 0;
  return item && assigned > 0 && isPointKind(item.inspectionPoint) ? item : null;
}

export type PointStepRequest = {
  em: EntityManager;
  projectId: string;
  lotId: string;
  item: IItpItem & { itp: { number: string } };
  action: PointAction;
  granted: ReadonlySet<string>;
  /** The member who acts, or null for the client acting through a link. */
  actorId: string | null;
  comment?: string | null;
  confirmed?: boolean;
  /** What the step records besides the state: the day asked of the client, the client's name and signature, the link. */
  record?: Partial<Pick<ILotInspectionPoint, "dueOn" | "decidedByName" | "signature">> & {
    link?: string | null;
  };
  /** A check of the caller's on the locked lot (a link still open): a refusal, or null. */
  check?(tx: EntityManager, lot: ILot): Promise<"link-not-valid" | null>;
  /** Added to the activity entry (through which link, who decided). */
  via?: Record<string, unknown>;
  /** More writes of the step, in its transaction, once the point is changed (evidence, the link used up). */
  also?(tx: EntityManager, point: ILotInspectionPoint): Promise<void>;
  /**
   * The step joins the caller's transaction, which tells the step's audience itself once it has committed
   * (tellPointStep): nobody hears of a step that may still be rolled back.
   */
  toldByCaller?: true;
};

/** Tells the audience of a point step (quality notification settings): after the commit, never inside it. */
export function tellPointStep(
  em: EntityManager,
  input: {
    projectId: string;
    lot: Pick<ILot, "id" | "number" | "title">;
    item: PointStepRequest["item"];
    action: PointAction;
    actorId: string | null;
    /** The name the decider typed (the client, who has no user). */
    actorName?: string | null;
    comment?: string | null;
  },
) {
  const event = POINT_ACTION_EVENTS[input.action];
  if (!event) return Promise.resolve(null);
  const { item } = input;
  return notifyQualityEvent(em, {
    projectId: input.projectId,
    event,
    subject: { number: input.lot.number, title: input.lot.title, link: lotHpWpPath(input.lot.id) },
    actorId: input.actorId,
    actorName: input.actorName ?? undefined,
    comment: input.comment,
    params: {
      itp: item.itp.number,
      position: item.position,
      activity: item.activity,
      kind: item.inspectionPoint,
    },
  });
}

/**
 * One step of the point table on one point, the one way every screen runs it (the HP/WP tab, the client's
 * notification, the client's link): the lot locked, the point's row read under the lock, the entry on the
 * lot's log. Given a transaction's manager it joins it (the notification of several points is one).
 */
export async function stepPoint(request: PointStepRequest) {
  const { em, projectId, item, action, comment } = request;
  const kind = item.inspectionPoint as PointKind;
  let existing: ILotInspectionPoint | null = null;
  return runWorkflowStep({
    em,
    entity: Lot,
    id: request.lotId,
    projectId,
    workflow: inspectionPointWorkflow,
    action,
    granted: request.granted,
    input: { comment, confirmed: request.confirmed },
    actorId: request.actorId,
    // The lot is the locked record: the point's row is read under its lock, and may not exist yet.
    async check(tx, lot: ILot) {
      if (lotIsFinal(lot)) return "lot-locked" as const;
      const refusal = (await request.check?.(tx, lot)) ?? null;
      if (refusal) return refusal;
      existing = await tx.findOne(LotInspectionPoint, { lot: lot.id, item: item.id });
      return null;
    },
    stateOf: (): PointOnLot => ({ kind, state: existing?.state ?? "not_started" }),
    async apply(tx, lot, step) {
      const point =
        existing ??
        tx.create(LotInspectionPoint, {
          project: projectId,
          lot: lot.id,
          item: item.id,
          state: "not_started",
        });
      const now = new Date();
      const decided = action !== "notify";
      tx.assign(point, {
        state: step.to.state,
        lastAction: action,
        comment: comment || null,
        ...(decided
          ? { decidedBy: request.actorId, decidedAt: now, decidedByName: null, signature: null }
          : { notifiedBy: request.actorId, notifiedAt: now }),
        ...request.record,
      } as never);
      await request.also?.(tx, point);
    },
    activity: {
      entityType: LOT_ACTIVITY_ENTITY,
      entry: (_lot, step) => ({
        action: "hp-wp-changed",
        before: { state: step.from.state },
        after: {
          state: step.to?.state ?? null,
          pointAction: action,
          comment: comment || null,
          itemId: item.id,
          kind,
          itpNumber: item.itp.number,
          position: item.position,
          activity: item.activity,
          ...request.via,
        },
      }),
    },
    // After the commit: a release or rejection tells the site team, a notified point those who release it.
    notify: request.toldByCaller
      ? undefined
      : (lot: ILot) =>
          tellPointStep(em, {
            projectId,
            lot,
            item,
            action,
            actorId: request.actorId,
            actorName: request.record?.decidedByName,
            comment,
          }),
  });
}

/** A step of a hold or witness point (the HP/WP tab's one form); the route's guard checked the intent. */
export async function runPointStep(context: ProjectContext, lotId: string | undefined, formData: FormData) {
  const { em, project, user } = context;
  const frame = await lotById(em, project.id, lotId);
  const submission = parseWithZod(formData, { schema: pointStepSchema });
  const target = String(formData.get("itemId") ?? "");
  if (submission.status !== "success") return refused(target, submission.reply(), 400);
  const { itemId, action, comment, confirmed } = submission.value;
  const item = await pointItemOf(em, frame.id, itemId);
  if (!item) throw new Response("Not found", { status: 404 });
  const outcome = await stepPoint({
    em,
    projectId: project.id,
    lotId: frame.id,
    item,
    action,
    granted: grantedKeysOf(context),
    actorId: user.id,
    comment,
    confirmed,
  });

  if (!outcome.ok) {
    if (outcome.reason === "not-found") throw new Response("Not found", { status: 404 });
    if (outcome.reason === "missing-permission") throw forbidden();
    const reply = (key: string, field?: "comment" | "confirmed") =>
      submission.reply(field ? { fieldErrors: { [field]: [key] } } : { formErrors: [key] });
    if (outcome.reason === "comment-required")
      return refused(item.id, reply("quality:lot.errors.commentRequired", "comment"), 400);
    if (outcome.reason === "unconfirmed")
      return refused(item.id, reply("quality:lot.errors.confirmRequired", "confirmed"), 400);
    if (outcome.reason === "lot-locked")
      return refused(item.id, formRefusal(message("quality:lot.toast.notEditable")), 409);
    return refused(item.id, reply("quality:hpWp.errors.stepNotAllowed"), 409);
  }
  return redirectWithToast(`${lotHpWpPath(frame.id)}#point-${item.id}`, {
    type: "success",
    message: `quality:hpWp.toast.${action}`,
    params: { itp: item.itp.number, position: item.position },
  });
}
