import { parseWithZod } from "@conform-to/zod/v4";
import { type FilterQuery, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { activityFor, recordActivity } from "~/server/audit/activity.server";
import { Location, ProjectMember } from "~/server/db/entities";
import { containsPattern } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  availableDefectActions,
  type DefectAction,
  type DefectRelation,
  type DefectStatus,
  defectParties,
  defectWorkflow,
} from "../domain/defect-workflow";
import { DEFECT_ACTION_EVENTS } from "../domain/quality-notifications";
import { Defect, type IDefect, Lot } from "../entities";
import {
  DEFECT_ENTITY_TYPE,
  DEFECT_PATH,
  type DefectQuery,
  defectFormSchema,
  defectPath,
  defectTransitionSchema,
  readDefectQuery,
} from "./defect-rules";
import { projectCompanies } from "./lots.server";
import { nextQualityNumber } from "./numbering.server";
import { notifyQualityEvent } from "./quality-notifications.server";

/** The punch list on the server: the form, the register, the detail page and the workflow steps. */

type Choice = { value: string; label: string };

const dayText = (value: unknown): string | null => {
  if (!value) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

export async function defectFormChoices(em: EntityManager, projectId: string) {
  const [tree, companies, members] = await Promise.all([
    listLocationTree(em, projectId),
    projectCompanies(em, projectId),
    projectMemberChoices(em, projectId),
  ]);
  return {
    locations: flattenLocationTree(tree).map((node) => ({ value: node.id, label: node.ancestorsName })),
    companies,
    members,
  };
}
export type DefectFormChoices = Awaited<ReturnType<typeof defectFormChoices>>;

/**
 * The form's choices checked against the project (a location, company, member or lot of another project is
 * answered like a missing one): the field errors, and the lot the number names.
 */
export async function checkDefectChoices(
  em: EntityManager,
  projectId: string,
  values: { locationId?: string; companyId?: string; assigneeId?: string; lotNumber?: string },
): Promise<{ fieldErrors: Record<string, string[]>; lotId: string | null }> {
  const fieldErrors: Record<string, string[]> = {};
  const notFound = [message("quality:defect.errors.choiceNotFound")];
  if (values.locationId) {
    const location = await em.findOne(
      Location,
      { id: values.locationId, project: projectId },
      { fields: ["id"] },
    );
    if (!location) fieldErrors.locationId = notFound;
  }
  if (values.companyId) {
    const companies = await projectCompanies(em, projectId);
    if (!companies.some((company) => company.value === values.companyId)) fieldErrors.companyId = notFound;
  }
  if (values.assigneeId) {
    const member = await em.findOne(
      ProjectMember,
      { project: projectId, user: { id: values.assigneeId, isActive: true } },
      { fields: ["id"] },
    );
    if (!member) fieldErrors.assigneeId = notFound;
  }
  let lotId: string | null = null;
  if (values.lotNumber) {
    const lot = await em.findOne(
      Lot,
      { project: projectId, number: { $ilike: values.lotNumber.replace(/[\\%_]/g, "\\$&") } },
      { fields: ["id"] },
    );
    if (lot) lotId = lot.id;
    else fieldErrors.lotNumber = [message("quality:defect.errors.lotNotFound")];
  }
  return { fieldErrors, lotId };
}

/**
 * Creates a defect from the form: the schema first, then each choice against the project
 * (checkDefectChoices). "Raise" saves it raised
 * (pending, with the assignee), "Save as draft" keeps it a draft of its raiser.
 */
export async function createDefect(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: defectFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const { fieldErrors, lotId } = await checkDefectChoices(em, project.id, values);
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });

  const raised = values.save === "raise";
  const defect = await em.transactional(async (tx) => {
    const created = tx.create(Defect, {
      project: project.id,
      number: await nextQualityNumber(tx, project.id, "DEF"),
      title: values.title,
      description: values.description || null,
      status: raised ? "pending" : "draft",
      priority: values.priority,
      location: values.locationId ?? null,
      lot: lotId,
      company: values.companyId ?? null,
      assignee: values.assigneeId ?? null,
      dueDate: values.dueDate ?? null,
      raisedAt: raised ? new Date() : null,
      createdBy: user.id,
    } as never) as IDefect;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: DEFECT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, status: created.status, title: created.title },
    });
    return created;
  });
  if (raised) await notifyDefectStep(context, defect, "raise", null);
  return redirectWithToast(defectPath(defect.id), {
    type: "success",
    message: raised ? "quality:defect.toast.raised" : "quality:defect.toast.drafted",
    params: { number: defect.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// Register

export async function loadDefectRegister(context: ProjectContext, url: URL) {
  const { em, project, user } = context;
  const query = readDefectQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const where = defectWhere(project.id, user.id, query);
  const order = query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC;
  const column = query.sort === "number" ? "sequence" : query.sort;
  const [defects, total] = await em.findAndCount(Defect, where, {
    orderBy: [{ [column]: order }, { sequence: QueryOrder.DESC }],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    populate: ["assignee", "location", "company", "lot"],
  });
  const [members, lots] = await Promise.all([
    projectMemberChoices(em, project.id),
    lotsWithDefects(em, project.id, user.id),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    filters: { members, lots },
    rows: defects.map((defect) => registerRow(defect, today)),
  };
}

function registerRow(defect: IDefect, today: string) {
  const dueDate = dayText(defect.dueDate);
  return {
    id: defect.id,
    number: defect.number,
    title: defect.title,
    description: defect.description ?? null,
    status: defect.status,
    priority: defect.priority,
    assignee: defect.assignee?.name ?? null,
    company: defect.company?.name ?? null,
    location: defect.location?.name ?? null,
    lot: defect.lot?.number ?? null,
    dueDate,
    overdue: Boolean(dueDate && dueDate < today && defect.status !== "closed" && defect.status !== "draft"),
    updatedAt: defect.updatedAt.toISOString(),
  };
}
export type DefectRegisterRow = ReturnType<typeof registerRow>;

/**
 * Every defect the register shows for this URL (its tab, search and filters, in its order), in batches:
 * the Excel export. A punch list is hundreds or a few thousand rows, so offset batches are cheap enough.
 */
export async function* iterateDefects(context: ProjectContext, url: URL, batchSize = 1000) {
  const { em, project, user } = context;
  const query = readDefectQuery(url.searchParams);
  const where = defectWhere(project.id, user.id, query);
  const today = new Date().toISOString().slice(0, 10);
  const order = query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC;
  const column = query.sort === "number" ? "sequence" : query.sort;
  for (let offset = 0; ; offset += batchSize) {
    const batch = await em.find(Defect, where, {
      orderBy: [{ [column]: order }, { sequence: QueryOrder.DESC }],
      limit: batchSize,
      offset,
      populate: ["assignee", "location", "company", "lot"],
    });
    yield batch.map((defect) => registerRow(defect, today));
    if (batch.length < batchSize) return;
  }
}

function defectWhere(projectId: string, userId: string, query: DefectQuery): FilterQuery<IDefect> {
  // A draft is its raiser's until raised: nobody else's register lists it.
  const where: FilterQuery<IDefect> = {
    project: projectId,
    $and: [{ $or: [{ status: { $ne: "draft" } }, { createdBy: userId }] }],
  };
  if (query.tab === "mine") where.assignee = userId;
  if (query.status) where.status = query.status;
  if (query.priority) where.priority = query.priority;
  if (query.assignee && query.tab !== "mine") where.assignee = query.assignee;
  if (query.lot) where.lot = query.lot;
  if (query.q) {
    const pattern = containsPattern(query.q);
    (where.$and as FilterQuery<IDefect>[]).push({
      $or: [{ number: { $ilike: pattern } }, { title: { $ilike: pattern } }],
    });
  }
  return where;
}

/** The lots the project's defects name: the register's lot filter (never the whole lot register). */
async function lotsWithDefects(em: EntityManager, projectId: string, userId: string): Promise<Choice[]> {
  const rows = await em.execute<{ id: string; number: string; title: string }[]>(
    `select l.id, l.number, l.title from lot l
     where l.project_id = ? and exists (
       select 1 from defect d where d.project_id = ? and d.lot_id = l.id
       and (d.status <> 'draft' or d.created_by_id = ?))
     order by l.sequence limit 200`,
    [projectId, projectId, userId],
  );
  return rows.map((row) => ({ value: row.id, label: `${row.number} ${row.title}` }));
}

// ---------------------------------------------------------------------------------------------------
// Detail

/** Who the user is to the defect; a super admin counts as every party. */
export function relationOf(context: ProjectContext, defect: IDefect): DefectRelation {
  if (context.user.isSuperAdmin) return { isRaiser: true, isAssignee: true };
  return {
    isRaiser: defect.createdBy?.id === context.user.id,
    isAssignee: defect.assignee?.id === context.user.id,
  };
}

/** The defect of a URL in the project, or a 404; a draft is shown to its raiser only. */
export async function defectById(context: ProjectContext, id: string | undefined): Promise<IDefect> {
  const defect = isUuid(id)
    ? await context.em.findOne(
        Defect,
        { id, project: context.project.id },
        { populate: ["assignee", "location", "company", "lot", "createdBy"] },
      )
    : null;
  if (!defect || (defect.status === "draft" && !relationOf(context, defect).isRaiser))
    throw new Response("Not found", { status: 404 });
  return defect;
}

export async function loadDefectDetail(context: ProjectContext, defect: IDefect) {
  const relation = relationOf(context, defect);
  const granted = grantedKeysOf(context);
  const entries = await activityFor(context.em, DEFECT_ENTITY_TYPE, defect.id);
  return {
    id: defect.id,
    number: defect.number,
    title: defect.title,
    description: defect.description ?? null,
    status: defect.status,
    priority: defect.priority,
    location: defect.location?.name ?? null,
    lot: defect.lot ? { id: defect.lot.id, number: defect.lot.number, title: defect.lot.title } : null,
    company: defect.company?.name ?? null,
    assignee: defect.assignee?.name ?? null,
    raisedBy: defect.createdBy?.name ?? null,
    dueDate: dayText(defect.dueDate),
    raisedAt: defect.raisedAt?.toISOString() ?? null,
    closedAt: defect.closedAt?.toISOString() ?? null,
    actions: availableDefectActions(defect.status, granted, relation).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    activity: entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorName: entry.actor?.name ?? null,
      createdAt: entry.createdAt.toISOString(),
      after: (entry.after as Record<string, unknown> | null) ?? null,
    })),
  };
}
export type DefectDetail = Awaited<ReturnType<typeof loadDefectDetail>>;

// ---------------------------------------------------------------------------------------------------
// Workflow

/** Tells whoever the defect now waits for (domain/quality-notifications DEFECT_ACTION_EVENTS), after the commit. */
async function notifyDefectStep(
  context: ProjectContext,
  defect: IDefect,
  action: DefectAction,
  comment: string | null | undefined,
) {
  const event = DEFECT_ACTION_EVENTS[action];
  if (!event) return null;
  return notifyQualityEvent(context.em, {
    projectId: context.project.id,
    event,
    subject: { number: defect.number, title: defect.title, link: defectPath(defect.id) },
    actorId: context.user.id,
    comment,
    people: { assignee: defect.assignee?.id, raiser: defect.createdBy?.id },
  });
}

/**
 * One step of the defect table through the core's engine: the defect locked and re-read, the table and
 * who the user is to the defect checked, the activity entry written, in one transaction. A missing
 * permission or the wrong person is a 403; a stale state, a missing reason or confirmation are form errors.
 */
export async function transitionDefect(context: ProjectContext, defectId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: defectTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: Defect,
    id: defectId,
    projectId: context.project.id,
    workflow: defectWorkflow,
    action,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (defect: IDefect): DefectStatus => defect.status,
    parties: (defect) => defectParties(relationOf(context, defect)),
    check(_tx, defect): "assignee-required" | null {
      return action === "raise" && defect.status === "draft" && !defect.assignee ? "assignee-required" : null;
    },
    apply(tx, defect, step) {
      tx.assign(defect, {
        status: step.to,
        ...(action === "raise" ? { raisedAt: new Date() } : {}),
        ...(step.to === "closed" ? { closedAt: new Date() } : {}),
        ...(action === "reopen" ? { closedAt: null } : {}),
      });
    },
    activity: {
      entityType: DEFECT_ENTITY_TYPE,
      entry: (defect, step) => ({
        action: step.to === null ? "deleted" : "status-changed",
        before:
          step.to === null
            ? { status: step.from, number: defect.number, title: defect.title }
            : { status: step.from },
        after: { status: step.to, action, comment: comment ?? null },
      }),
    },
    notify: (defect) => notifyDefectStep(context, defect, action, comment),
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "quality:defect.errors.commentRequired",
      confirmRequired: "quality:defect.errors.confirmRequired",
      notAllowed: "quality:defect.errors.actionNotAllowed",
      custom: { "assignee-required": "quality:defect.errors.assigneeRequired" },
    });
  if (outcome.to === null)
    return redirectWithToast(DEFECT_PATH, {
      type: "success",
      message: "quality:defect.toast.deleted",
      params: { number: outcome.record.number },
    });
  return redirectWithToast(defectPath(defectId), {
    type: "success",
    message: `quality:defect.toast.action.${action}`,
    params: { number: outcome.record.number },
  });
}
