import type { EntityManager } from "@mikro-orm/postgresql";
import type { PointAction, PointState } from "~/modules/quality/domain/inspection-point-workflow";
import { type ILot, Lot, LotClientLink, LotInspectionPoint } from "~/modules/quality/entities";
import { lotPlanItems } from "~/modules/quality/server/lot-hold-points.server";
import { ActivityLog, type IProject, type IUser } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { hashLinkToken } from "~/server/links/tokens.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's hold and witness point link for a project: a known token, so a demo can open the client's
 * page (`/external/hp-wp/<link id>?token=demo-hold-points-<project number>`, listed on the lot's HP/WP tab).
 */
export const demoHoldPointToken = (project: Pick<IProject, "number">) => `demo-hold-points-${project.number}`;

type People = { checker: IUser; quality: IUser };

/**
 * Hold and witness points in every state on the demo lots, as the screens would have left them: the lots
 * still with the site team wait at their next point — one hold point notified to the client through a sent
 * (open) link, one rejected by the client, one witness point recorded unattended or marked not required —
 * and lots past the site team show a release with comment by the client and a point not required. The seed
 * of the lots (quality.ts) has released every point a lot got past; the rest are not started.
 */
export async function seedQualityPoints(em: EntityManager, project: IProject, people: People) {
  // The seed's manager serves every project: reads here name the project themselves (a scoped fork for the rules).
  const lots = await em.find(Lot, { project: project.id }, { orderBy: { number: "asc" }, filters: false });
  const reader = scopeToProject(em.fork(), project.id);
  // The lots whose work is still with the site team (an NCR raised before the records were complete included).
  const withSiteTeam = lots.filter(
    (lot) =>
      lot.status === "open" ||
      (lot.status === "active" &&
        ["work_started", "completed_pending_records"].includes(lot.subStatus ?? "")) ||
      (lot.subStatus === "ncr_raised" && !lot.completedOn),
  );
  const pastSiteTeam = lots.filter((lot) => ["confirming", "guaranteed"].includes(lot.status));
  const now = Date.now();

  const step = (
    lot: ILot,
    itemId: string,
    from: PointState,
    to: PointState,
    action: PointAction,
    fields: Record<string, unknown>,
    entry: Record<string, unknown> = {},
  ) => {
    em.create(ActivityLog, {
      project,
      actor: (fields.decidedBy as IUser | undefined) ?? (fields.notifiedBy as IUser | undefined) ?? null,
      entityType: "lot",
      entityId: lot.id,
      action: "hp-wp-changed",
      before: { state: from },
      after: { state: to, pointAction: action, comment: fields.comment ?? null, itemId, ...entry },
      createdAt: new Date(now - DAY_MS),
    });
  };

  // Each role goes to the next lot with the site team that has such a point still to come.
  const roles = ["notified", "rejected", "unattended"] as const;
  let role = 0;
  for (const lot of withSiteTeam) {
    if (role >= roles.length) break;
    const plan = await lotPlanItems(reader, lot.id);
    const waiting = plan.filter((item) => item.pointState === "not_started");
    const hold = waiting.find((item) => item.kind === "H");
    const witness = waiting.find((item) => item.kind === "W");
    const index = roles[role] === "unattended" ? (witness ? 2 : -1) : hold ? role : -1;
    if (index < 0) continue;
    role += 1;
    if (index === 0 && hold) {
      // Held: the engineer called the client to the hold point; the link mailed to the client is still open.
      const link = em.create(LotClientLink, {
        project,
        lot,
        purpose: "hold-points",
        points: [hold.itemId],
        tokenHash: hashLinkToken(demoHoldPointToken(project)),
        recipientName: "Claire Client",
        recipientEmail: "claire.client@example.com",
        cc: [],
        dueOn: new Date(now + 2 * DAY_MS).toISOString().slice(0, 10),
        expiresAt: new Date(now + 12 * DAY_MS),
        revokedAt: null,
        usedAt: null,
        createdBy: people.checker,
      } as never);
      em.create(LotInspectionPoint, {
        project,
        lot,
        item: hold.itemId,
        state: "notified",
        lastAction: "notify",
        notifiedBy: people.checker,
        notifiedAt: new Date(now - DAY_MS),
        dueOn: link.dueOn,
      } as never);
      step(lot, hold.itemId, "not_started", "notified", "notify", { notifiedBy: people.checker });
      em.create(ActivityLog, {
        project,
        actor: people.checker,
        entityType: "lot",
        entityId: lot.id,
        action: "client-link-sent",
        before: {},
        after: { linkId: link.id, purpose: "hold-points", recipientEmail: link.recipientEmail },
        createdAt: new Date(now - DAY_MS),
      });
    } else if (index === 1 && hold) {
      // The client rejected the hold point through a link: the lot stays held until the work is fixed and re-called.
      const link = em.create(LotClientLink, {
        project,
        lot,
        purpose: "hold-points",
        points: [hold.itemId],
        tokenHash: hashLinkToken(`${demoHoldPointToken(project)}-used`),
        recipientName: "Claire Client",
        recipientEmail: "claire.client@example.com",
        cc: [],
        dueOn: new Date(now - 3 * DAY_MS).toISOString().slice(0, 10),
        expiresAt: new Date(now + 10 * DAY_MS),
        revokedAt: null,
        usedAt: new Date(now - 2 * DAY_MS),
        createdBy: people.checker,
      } as never);
      em.create(LotInspectionPoint, {
        project,
        lot,
        item: hold.itemId,
        state: "rejected",
        lastAction: "reject",
        comment: "Bar chairs missing at the east end; cover below 50 mm.",
        notifiedBy: people.checker,
        notifiedAt: new Date(now - 4 * DAY_MS),
        decidedBy: null,
        decidedByName: "Claire Client",
        decidedAt: new Date(now - 2 * DAY_MS),
        dueOn: link.dueOn,
        link,
      } as never);
      step(
        lot,
        hold.itemId,
        "notified",
        "rejected",
        "reject",
        { comment: "Bar chairs missing at the east end" },
        {
          linkId: link.id,
          decidedByName: "Claire Client",
        },
      );
    } else if (index === 2 && witness) {
      // A witness point the client did not attend: recorded, and the work went on.
      em.create(LotInspectionPoint, {
        project,
        lot,
        item: witness.itemId,
        state: "not_required",
        lastAction: "record_unattended",
        comment: "Client informed two days ahead; nobody came to the slump test.",
        notifiedBy: people.checker,
        notifiedAt: new Date(now - 3 * DAY_MS),
        decidedBy: people.checker,
        decidedAt: new Date(now - DAY_MS),
      } as never);
      step(lot, witness.itemId, "notified", "not_required", "record_unattended", {
        decidedBy: people.checker,
        comment: "Client did not attend",
      });
    }
  }

  // Lots past the site team: every point is cleared; two of them in the other cleared states.
  const [first, second] = pastSiteTeam;
  const released = async (lot: ILot | undefined) =>
    lot
      ? em.findOne(
          LotInspectionPoint,
          { lot: lot.id, state: "released" },
          { orderBy: { decidedAt: "asc" }, filters: false },
        )
      : null;
  const withComment = await released(first);
  if (withComment) {
    withComment.state = "released_with_comment";
    withComment.lastAction = "release_with_comment";
    withComment.comment = "Released; touch up the curing membrane at the joints.";
    withComment.decidedBy = null;
    withComment.decidedByName = "Claire Client";
  }
  const notRequired = await released(second);
  if (notRequired) {
    notRequired.state = "not_required";
    notRequired.lastAction = "mark_not_required";
    notRequired.comment = "Covered by the precast supplier's factory inspection.";
  }
  await em.flush();
}
