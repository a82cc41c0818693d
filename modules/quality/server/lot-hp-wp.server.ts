import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { maxLengthMessage, message } from "~/app/utils/message-key";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
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
import { type ILot, type ILotInspectionPoint, ItpItem, Lot, LotInspectionPoint, LotItp } from "../entities";
import { loadLotFrame } from "./lot-frame.server";
import { isPointKind } from "./lot-hold-points.server";
import { assignedItpsOf, LOT_ACTIVITY_ENTITY } from "./lot-itp.server";
import { formRefusal, lotIsFinal } from "./lot-itrs.server";
import { LOT_LIMITS } from "./lot-rules";
import { forbidden, grantedKeysOf, lotById } from "./lots.server";
import { notifyQualityEvent } from "./quality-notifications.server";

/**
 * Hold and witness points on the server: the points' states on a lot (LotInspectionPoint, no row =
 * not_started), what the hold rules of domain/hold-points.ts read, and the HP/WP tab's steps through the
 * core's workflow engine (the lot locked, so two steps on one lot never cross; the entry on the lot's log).
 */

export const lotHpWpPath = (lotId: string) => `/quality/lot/${lotId}/hp-wp`;
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

/** A step of a hold or witness point (the HP/WP tab's one form); the route's guard checked the intent. */
export async function runPointStep(context: ProjectContext, lotId: string | undefined, formData: FormData) {
  const { em, project, user } = context;
  const frame = await lotById(em, project.id, lotId);
  const submission = parseWithZod(formData, { schema: pointStepSchema });
  const target = String(formData.get("itemId") ?? "");
  if (submission.status !== "success") return refused(target, submission.reply(), 400);
  const { itemId, action, comment, confirmed } = submission.value;
  const item = isUuid(itemId) ? await em.findOne(ItpItem, { id: itemId }, { populate: ["itp"] }) : null;
  const assigned = item ? await em.count(LotItp, { lot: frame.id, itp: item.itp.id }) : 0;
  if (!item || assigned === 0 || !isPointKind(item.inspectionPoint))
    throw new Response("Not found", { status: 404 });
  const kind = item.inspectionPoint;

  let existing: ILotInspectionPoint | null = null;
  const outcome = await runWorkflowStep({
    em,
    entity: Lot,
    id: frame.id,
    projectId: project.id,
    workflow: inspectionPointWorkflow,
    action,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: user.id,
    // The lot is the locked record: the point's row is read under its lock, and may not exist yet.
    async check(tx, lot: ILot) {
      if (lotIsFinal(lot)) return "lot-locked" as const;
      existing = await tx.findOne(LotInspectionPoint, { lot: lot.id, item: item.id });
      return null;
    },
    stateOf: (): PointOnLot => ({ kind, state: existing?.state ?? "not_started" }),
    apply(tx, lot, step) {
      const point =
        existing ??
        tx.create(LotInspectionPoint, {
          project: project.id,
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
        ...(decided ? { decidedBy: user.id, decidedAt: now } : { notifiedBy: user.id, notifiedAt: now }),
      });
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
        },
      }),
    },
    // After the commit: a release or rejection tells the site team, a notified point those who release it.
    notify: (lot: ILot) => {
      const event = POINT_ACTION_EVENTS[action];
      if (!event) return Promise.resolve(null);
      return notifyQualityEvent(em, {
        projectId: project.id,
        event,
        subject: { number: lot.number, title: lot.title, link: lotHpWpPath(lot.id) },
        actorId: user.id,
        comment,
        params: { itp: item.itp.number, position: item.position, activity: item.activity, kind },
      });
    },
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
