import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { objectKey } from "../domain/enforcement-scan";
import { type ISafetyEnforcementScan, SafetyEnforcementScan } from "../entities";
import { actionsRaisedFrom } from "./action-sources.server";
import { ENFORCEMENT_ENTITY_TYPE, enforcementPath, scanCreateSchema } from "./enforcement-rules";

/** Enforcement scans on the server: recording one from the web form, and a scan's page with its object's history. */

/**
 * Records a scan (ENF-0001 per project) with a "created" entry; a refused form writes nothing. The tag is
 * kept folded (trimmed, capitals) so every scan of one object finds the others.
 */
export async function createScan(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: scanCreateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const scan = await em.transactional(async (tx) => {
    const created = tx.create(SafetyEnforcementScan, {
      project: project.id,
      number: await nextNumber(tx, project.id, "ENF"),
      objectType: values.objectType,
      objectId: objectKey(values.objectId),
      objectName: values.objectName,
      activity: values.activity || null,
      comment: values.comment || null,
      ncrRaised: values.ncrRaised,
      status: values.status,
      createdBy: user.id,
    } as never) as ISafetyEnforcementScan;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ENFORCEMENT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: {
        number: created.number,
        status: created.status,
        objectType: created.objectType,
        objectId: created.objectId,
      },
    });
    return created;
  });
  return redirectWithToast(enforcementPath(scan.id), {
    type: "success",
    message: `safety:enforcement.toast.created${scan.status}`,
    params: { number: scan.number },
  });
}

/** The scan of a URL in the project, or a 404. */
export async function scanById(context: ProjectContext, id: string | undefined) {
  const scan = isUuid(id)
    ? await context.em.findOne(
        SafetyEnforcementScan,
        { id, project: context.project.id },
        { populate: ["createdBy"] },
      )
    : null;
  if (!scan) throw new Response("Not found", { status: 404 });
  return scan;
}

/** How many of the object's scans its page lists (the register filtered on the object has them all). */
const HISTORY_LIMIT = 50;

/** The scan, the actions raised from it, and its object's scans, newest first (on the history index). */
export async function loadScanDetail(context: ProjectContext, scan: ISafetyEnforcementScan) {
  const { em, project } = context;
  const [actions, history, historyTotal] = await Promise.all([
    actionsRaisedFrom(em, project.id, "enforcement", scan.id),
    em.find(
      SafetyEnforcementScan,
      { project: project.id, objectType: scan.objectType, objectId: scan.objectId },
      { populate: ["createdBy"], orderBy: { sequence: "desc" }, limit: HISTORY_LIMIT },
    ),
    em.count(SafetyEnforcementScan, {
      project: project.id,
      objectType: scan.objectType,
      objectId: scan.objectId,
    }),
  ]);
  return {
    id: scan.id,
    number: scan.number,
    objectType: scan.objectType,
    objectId: scan.objectId,
    objectName: scan.objectName,
    activity: scan.activity ?? null,
    comment: scan.comment ?? null,
    ncrRaised: scan.ncrRaised,
    status: scan.status,
    createdBy: scan.createdBy?.name ?? null,
    createdAt: scan.createdAt.toISOString(),
    actions,
    historyTotal,
    history: history.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      activity: row.activity ?? null,
      createdBy: row.createdBy?.name ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
export type ScanDetail = Awaited<ReturnType<typeof loadScanDetail>>;
