import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { notProjectMembers, projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  discardUploads,
  isUploadError,
  parseUpload,
  type StoredUpload,
  saveAttachmentRecords,
  UPLOAD_LIMITS,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import {
  ACTION_PERMISSIONS,
  type ActionRelation,
  availableActionSteps,
  canReassignIn,
  isActionLive,
} from "../domain/action-workflow";
import { type ISafetyAction, SafetyAction, SafetyActionComment, SafetyActionWatcher } from "../entities";
import { actionLabels } from "./action-labels.server";
import { notifyActionEvent } from "./action-notifications.server";
import {
  ACTION_ENTITY_TYPE,
  type ActionSourceType,
  actionCreateSchema,
  actionEditSchema,
  actionPath,
} from "./action-rules";
import { type ActionSource, actionSourceOf } from "./action-sources.server";

/** Safety actions on the server: the form, the detail page and who the user is to an action. */

export { actionLabels };

export async function actionFormChoices(em: EntityManager, projectId: string) {
  const [members, labels] = await Promise.all([
    projectMemberChoices(em, projectId),
    actionLabels(em, projectId),
  ]);
  return { members, labels };
}
export type ActionFormChoices = Awaited<ReturnType<typeof actionFormChoices>>;

const notFound = [message("safety:action.errors.choiceNotFound")];

/** Field errors for the people a form names who are not active members of the project. */
async function peopleErrors(
  em: EntityManager,
  projectId: string,
  values: { assigneeId?: string; watcherIds: string[] },
) {
  const fieldErrors: Record<string, string[]> = {};
  const strangers = new Set(
    await notProjectMembers(em, projectId, [
      ...(values.assigneeId ? [values.assigneeId] : []),
      ...values.watcherIds,
    ]),
  );
  if (values.assigneeId && strangers.has(values.assigneeId)) fieldErrors.assigneeId = notFound;
  if (values.watcherIds.some((id) => strangers.has(id))) fieldErrors.watcherIds = notFound;
  return fieldErrors;
}

/**
 * Creates an action from the form and its evidence (one multipart post): the files stream to storage first
 * (100 MB each), then the fields are checked; a refused form or upload keeps no file and writes nothing.
 */
export async function createAction(context: ProjectContext, request: Request) {
  const { em, project, user } = context;
  let fields: FormData;
  let files: StoredUpload[];
  try {
    ({ fields, files } = await parseUpload(request, { maxBytes: UPLOAD_LIMITS.standard }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return data({ status: "error", error: { evidence: [uploadErrorMessage(error)] } }, { status: 400 });
  }
  const submission = parseWithZod(fields, { schema: actionCreateSchema });
  if (submission.status !== "success") {
    await discardUploads(files);
    return data(submission.reply(), { status: 400 });
  }
  const values = submission.value;
  const fieldErrors = await peopleErrors(em, project.id, values);
  // Raised from a record (an observation, a failed scan): it must be one of the project's.
  const source = values.sourceType
    ? await actionSourceOf(em, project.id, values.sourceType, values.sourceId)
    : null;
  if (values.sourceType && !source) fieldErrors.sourceId = notFound;
  if (Object.keys(fieldErrors).length > 0) {
    await discardUploads(files);
    return data(submission.reply({ fieldErrors, formErrors: fieldErrors.sourceId ?? [] }), { status: 400 });
  }
  let action: ISafetyAction;
  try {
    action = await em.transactional(async (tx) => {
      const created = tx.create(SafetyAction, {
        project: project.id,
        number: await nextNumber(tx, project.id, "ACT"),
        title: values.title,
        description: values.description || null,
        label: values.label || null,
        status: "open",
        riskRanking: values.riskRanking,
        assignee: values.assigneeId,
        dueDate: values.dueDate ?? null,
        sourceType: source?.type ?? null,
        sourceId: source?.id ?? null,
        createdBy: user.id,
      } as never) as ISafetyAction;
      if (source)
        recordActionRaised(tx, { projectId: project.id, actorId: user.id, source, action: created });
      for (const watcherId of new Set(values.watcherIds))
        tx.create(SafetyActionWatcher, { project: project.id, action: created, user: watcherId } as never);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: ACTION_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { number: created.number, status: created.status, title: created.title },
      });
      await tx.flush();
      if (files.length > 0)
        await saveAttachmentRecords(tx, {
          projectId: project.id,
          entityType: ACTION_ENTITY_TYPE,
          entityId: created.id,
          files,
          uploadedBy: user.id,
        });
      return created;
    });
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  await em.populate(action, ["assignee", "createdBy"]);
  await notifyActionEvent(em, {
    project,
    action,
    event: "action-assigned",
    actorId: user.id,
    actorName: user.name,
  });
  return redirectWithToast(actionPath(action.id), {
    type: "success",
    message: "safety:action.toast.created",
    params: { number: action.number },
  });
}

/** The source's history says an action was raised from it (the link from the source's side, logged). */
function recordActionRaised(
  tx: EntityManager,
  input: { projectId: string; actorId: string; source: ActionSource; action: ISafetyAction },
) {
  recordActivity(tx, {
    projectId: input.projectId,
    actorId: input.actorId,
    entityType: input.source.entityType,
    entityId: input.source.id,
    action: "action-raised",
    after: { actionId: input.action.id, number: input.action.number, title: input.action.title },
  });
}

// ---------------------------------------------------------------------------------------------------
// One action

/** Who the user is to the action; a super admin counts as every party, a manager holds reassign (decision 028). */
export function relationOf(context: ProjectContext, action: ISafetyAction): ActionRelation {
  if (context.user.isSuperAdmin) return { isCreator: true, isAssignee: true, isManager: true };
  return {
    isCreator: action.createdBy?.id === context.user.id,
    isAssignee: action.assignee?.id === context.user.id,
    isManager: context.can(ACTION_PERMISSIONS.reassign),
  };
}

/** The action of a URL in the project, or a 404. */
export async function actionById(context: ProjectContext, id: string | undefined): Promise<ISafetyAction> {
  const action = isUuid(id)
    ? await context.em.findOne(
        SafetyAction,
        { id, project: context.project.id },
        { populate: ["assignee", "createdBy"] },
      )
    : null;
  if (!action) throw new Response("Not found", { status: 404 });
  return action;
}

/** Its fields may be edited by its creator or a manager holding edit, until it is closed. */
export function canEditAction(context: ProjectContext, action: ISafetyAction): boolean {
  const relation = relationOf(context, action);
  return (
    isActionLive(action.status) &&
    context.can(ACTION_PERMISSIONS.edit) &&
    (relation.isCreator || relation.isManager)
  );
}

export function canReassignAction(context: ProjectContext, action: ISafetyAction): boolean {
  return canReassignIn(action.status) && context.can(ACTION_PERMISSIONS.reassign);
}

export async function watchersOf(em: EntityManager, actionId: string) {
  const rows = await em.find(
    SafetyActionWatcher,
    { action: actionId },
    { populate: ["user"], orderBy: { user: { name: "asc" } } },
  );
  return rows.map((row) => ({ id: row.user.id, name: row.user.name }));
}

export async function loadActionDetail(context: ProjectContext, action: ISafetyAction) {
  const { em } = context;
  const relation = relationOf(context, action);
  const [entries, watchers, comments, source] = await Promise.all([
    activityRowsFor(em, ACTION_ENTITY_TYPE, action.id, 200),
    watchersOf(em, action.id),
    em.find(
      SafetyActionComment,
      { action: action.id },
      { populate: ["author"], orderBy: { createdAt: "asc", id: "asc" } },
    ),
    actionSourceOf(em, context.project.id, action.sourceType as ActionSourceType | null, action.sourceId),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const dueDate = dayOfDateColumn(action.dueDate);
  return {
    id: action.id,
    number: action.number,
    title: action.title,
    description: action.description ?? null,
    label: action.label ?? null,
    status: action.status,
    riskRanking: action.riskRanking,
    assignee: action.assignee ? { id: action.assignee.id, name: action.assignee.name } : null,
    createdBy: action.createdBy?.name ?? null,
    createdAt: action.createdAt.toISOString(),
    dueDate,
    overdue: Boolean(
      dueDate && dueDate < today && (action.status === "open" || action.status === "in_progress"),
    ),
    completedAt: action.completedAt?.toISOString() ?? null,
    closedAt: action.closedAt?.toISOString() ?? null,
    source: action.sourceType
      ? {
          type: action.sourceType,
          id: action.sourceId ?? null,
          label: source?.label ?? null,
          href: source?.href ?? null,
        }
      : null,
    watchers,
    steps: availableActionSteps(action.status, grantedKeysOf(context), relation).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    comments: comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      author: comment.author?.name ?? null,
      createdAt: comment.createdAt.toISOString(),
    })),
    activity: entries,
  };
}
export type ActionDetail = Awaited<ReturnType<typeof loadActionDetail>>;

/** The values the edit form starts from. */
export async function actionFormValues(em: EntityManager, action: ISafetyAction) {
  const watchers = await watchersOf(em, action.id);
  return {
    title: action.title,
    description: action.description ?? "",
    label: action.label ?? "",
    riskRanking: action.riskRanking,
    dueDate: dayOfDateColumn(action.dueDate) ?? "",
    watcherIds: watchers.map((watcher) => watcher.id),
  };
}

/**
 * Saves the edit form: the fields and the watchers, with an "updated" entry of what changed; nothing is
 * written when the form is refused. The assignee is changed by the re-assign step, not here.
 */
export async function editAction(context: ProjectContext, actionId: string, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: actionEditSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const fieldErrors = await peopleErrors(em, project.id, values);
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  const saved = await em.transactional(async (tx) => {
    const action = await tx.findOne(SafetyAction, { id: actionId, project: project.id });
    if (!action) throw new Response("Not found", { status: 404 });
    if (!isActionLive(action.status)) return null;
    const watcherRows = await tx.find(SafetyActionWatcher, { action: action.id });
    const before = {
      title: action.title,
      description: action.description ?? null,
      label: action.label ?? null,
      riskRanking: action.riskRanking,
      dueDate: dayOfDateColumn(action.dueDate),
      watchers: watcherRows.map((row) => row.user.id).sort(),
    };
    const wanted = [...new Set(values.watcherIds)].sort();
    const after = {
      title: values.title,
      description: values.description || null,
      label: values.label || null,
      riskRanking: values.riskRanking,
      dueDate: values.dueDate ?? null,
      watchers: wanted,
    };
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return action;
    tx.assign(action, {
      title: after.title,
      description: after.description,
      label: after.label,
      riskRanking: after.riskRanking,
      dueDate: after.dueDate,
    } as never);
    for (const row of watcherRows) if (!wanted.includes(row.user.id)) tx.remove(row);
    const kept = new Set(watcherRows.map((row) => row.user.id));
    for (const id of wanted)
      if (!kept.has(id)) tx.create(SafetyActionWatcher, { project: project.id, action, user: id } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ACTION_ENTITY_TYPE,
      entityId: action.id,
      action: "updated",
      ...changed,
    });
    return action;
  });
  if (!saved)
    return data(submission.reply({ formErrors: [message("safety:action.errors.closed")] }), { status: 409 });
  return redirectWithToast(actionPath(saved.id), {
    type: "success",
    message: "safety:action.toast.updated",
    params: { number: saved.number },
  });
}
