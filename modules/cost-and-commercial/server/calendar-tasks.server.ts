import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { notProjectMembers, projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { ContractSide } from "../domain/vocabularies";
import { CalendarTask, CostPackage, type ICalendarTask } from "../entities";
import {
  CALENDAR_TASK_ENTITY_TYPE,
  type CalendarTaskForm,
  calendarPath,
  calendarTaskDeleteSchema,
  calendarTaskPath,
  calendarTaskSchema,
  CALENDAR_PERMISSIONS as P,
} from "./calendar-forms";

/** Calendar tasks (spec 3 "Calendar task"): the form's choices, add, edit, delete, and the task's page. */

/** The form's choices: the project's members, and its cost packages' names when package sync read any. */
export async function calendarTaskChoices(context: ProjectContext) {
  const members = await projectMemberChoices(context.em, context.project.id);
  const packages = await context.em.find(
    CostPackage,
    { project: context.project.id },
    { orderBy: { name: "asc", id: "asc" }, fields: ["name", "packageType"] },
  );
  const names = [...new Set(packages.map((row) => row.name))];
  return { members, packages: names.map((name) => ({ value: name, label: name })) };
}

export type CalendarTaskValues = {
  side: ContractSide;
  task: string;
  description: string;
  responsibleId: string;
  collaboratorIds: string[];
  startDate: string;
  dueDate: string;
  packageName: string;
  packageType: string;
  contractObligations: string;
  notes: string;
  status: string;
};

export function calendarTaskValues(task: ICalendarTask): CalendarTaskValues {
  return {
    side: task.side,
    task: task.task,
    description: task.description ?? "",
    responsibleId: task.responsible?.id ?? "",
    collaboratorIds: [...task.collaboratorIds],
    startDate: dayOfDateColumn(task.startDate) ?? "",
    dueDate: dayOfDateColumn(task.dueDate) ?? "",
    packageName: task.packageName ?? "",
    packageType: task.packageType ?? "",
    contractObligations: task.contractObligations ?? "",
    notes: task.notes ?? "",
    status: task.status,
  };
}

export async function calendarTaskById(context: ProjectContext, id: unknown) {
  const task = isUuid(id)
    ? await context.em.findOne(
        CalendarTask,
        { id, project: context.project.id },
        { populate: ["responsible", "calendar"] },
      )
    : null;
  if (!task) throw new Response("Not found", { status: 404 });
  return task;
}

/** The form, read and checked: every chosen person must be an active member of the project. */
async function readTaskForm(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: calendarTaskSchema });
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) };
  const values = submission.value;
  const chosen = [...(values.responsibleId ? [values.responsibleId] : []), ...values.collaboratorIds];
  const strangers = await notProjectMembers(context.em, context.project.id, chosen);
  if (strangers.length > 0) {
    const notMember = [message("cost-and-commercial:calendar.errors.notMember")];
    const fieldErrors: Record<string, string[]> = {};
    if (values.responsibleId && strangers.includes(values.responsibleId))
      fieldErrors.responsibleId = notMember;
    if (values.collaboratorIds.some((id) => strangers.includes(id))) fieldErrors.collaboratorIds = notMember;
    return { reply: data(submission.reply({ fieldErrors }), { status: 400 }) };
  }
  return { values };
}

const columnsOf = (values: CalendarTaskForm) => ({
  side: values.side,
  task: values.task,
  description: values.description,
  responsible: values.responsibleId,
  collaboratorIds: [...new Set(values.collaboratorIds)],
  startDate: values.startDate,
  dueDate: values.dueDate,
  packageName: values.packageName,
  packageType: values.packageType,
  contractObligations: values.contractObligations,
  notes: values.notes,
  status: values.status,
});

export async function createCalendarTask(context: ProjectContext, formData: FormData) {
  if (!context.can(P.createTask)) throw new Response("Forbidden", { status: 403 });
  const read = await readTaskForm(context, formData);
  if ("reply" in read) return read.reply;
  const { values } = read;
  const task = await context.em.transactional(async (tx) => {
    const created = tx.create(CalendarTask, {
      project: context.project.id,
      ...columnsOf(values),
      createdBy: context.user.id,
    } as never) as ICalendarTask;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: CALENDAR_TASK_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { task: values.task, startDate: values.startDate, dueDate: values.dueDate },
    });
    return created;
  });
  return redirectWithToast(calendarPath(values.side, values.startDate.slice(0, 7)), {
    type: "success",
    message: "cost-and-commercial:calendar.toast.taskCreated",
    params: { task: task.task },
  });
}

export async function updateCalendarTask(context: ProjectContext, task: ICalendarTask, formData: FormData) {
  if (!context.can(P.editTask)) throw new Response("Forbidden", { status: 403 });
  const read = await readTaskForm(context, formData);
  if ("reply" in read) return read.reply;
  const before = calendarTaskValues(task);
  await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(CalendarTask, { id: task.id, project: context.project.id });
    tx.assign(row, columnsOf(read.values) as never);
    const after = { ...read.values, responsibleId: read.values.responsibleId ?? "" };
    const changes = changedFields(before as never, after as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: CALENDAR_TASK_ENTITY_TYPE,
      entityId: row.id,
      action: "updated",
      ...changes,
    });
  });
  return redirectWithToast(calendarTaskPath(task.id), {
    type: "success",
    message: "cost-and-commercial:calendar.toast.taskSaved",
    params: { task: read.values.task },
  });
}

export async function deleteCalendarTask(context: ProjectContext, task: ICalendarTask, formData: FormData) {
  if (!context.can(P.deleteTask)) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: calendarTaskDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const side = task.side;
  const month = (dayOfDateColumn(task.startDate) ?? "").slice(0, 7);
  await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(CalendarTask, { id: task.id, project: context.project.id });
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: CALENDAR_TASK_ENTITY_TYPE,
      entityId: row.id,
      action: "deleted",
      before: { task: row.task, startDate: month },
    });
    tx.remove(row);
  });
  return redirectWithToast(calendarPath(side, month || undefined), {
    type: "success",
    message: "cost-and-commercial:calendar.toast.taskDeleted",
    params: { task: task.task },
  });
}

/** The task's page: its fields with names, and its history. */
export async function calendarTaskPage(context: ProjectContext, task: ICalendarTask) {
  const { members } = await calendarTaskChoices(context);
  const nameOf = new Map(members.map((member) => [member.value, member.label]));
  return {
    task: {
      id: task.id,
      ...calendarTaskValues(task),
      responsible: task.responsible?.name ?? null,
      collaborators: task.collaboratorIds.map((id) => nameOf.get(id) ?? "-"),
      calendar: task.calendar?.name ?? null,
    },
    can: {
      edit: context.can(P.editTask),
      delete: context.can(P.deleteTask),
    },
    activity: await activityRowsFor(context.em, CALENDAR_TASK_ENTITY_TYPE, task.id, 50),
  };
}
