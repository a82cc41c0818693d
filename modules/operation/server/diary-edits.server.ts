import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { scopeToProject } from "~/server/db/project-scope";
import { redirectWithToast } from "~/server/http/toast.server";
import { notProjectMembers } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { type ISiteDiary, SiteDiary, SiteDiaryIssue, SiteDiaryNote, SiteDiaryRow } from "../diary-entities";
import { type DiaryStatus, diaryWorkflow, isDiaryEditable } from "../domain/diary-workflow";
import { lockedDiary } from "./diaries.server";
import { removeDiaryPhotos } from "./diary-photos.server";
import {
  DIARY_ENTITY_TYPE,
  DIARY_PATH,
  type DiarySaveForm,
  diaryIssueSchema,
  diaryNoteSchema,
  diaryPath,
  diarySaveSchema,
  diaryTransitionSchema,
} from "./diary-rules";

/**
 * The diary page's forms on the server: the whole diary saved at once (fields and every row section, in one
 * transaction), a note, an issue, and a workflow step. Each change but a step needs the diary in progress;
 * every one writes its activity entry.
 */

const notInProgress = message("operation:diary.errors.notEditable");

type Submission = { reply(options?: { formErrors?: string[] }): unknown };
const refused = (submission: Submission, formErrors: string[], status = 409) =>
  data(submission.reply({ formErrors }), { status });

const orNull = <T>(value: T | undefined) => (value === undefined ? null : value);

/** A temperature as numeric(4,1) reads back ("27" → "27.0"), so an unchanged one is not logged as changed. */
const celsius = (text: string | undefined) =>
  text === undefined ? null : text.includes(".") ? text : `${text}.0`;

/** The diary's fields from the form, as the entity stores them. */
function fieldsOf(form: DiarySaveForm) {
  return {
    description: orNull(form.description),
    dueDate: form.dueDate,
    sky: orNull(form.sky),
    wind: orNull(form.wind),
    rain: orNull(form.rain),
    rainStart: orNull(form.rainStart),
    rainEnd: orNull(form.rainEnd),
    temperatureStart: celsius(form.temperatureStart),
    temperaturePeak: celsius(form.temperaturePeak),
    concerns: orNull(form.concerns),
    otherComments: orNull(form.otherComments),
  };
}

/** The form's rows, each section in its order, as SiteDiaryRow values (the user's save confirms pre-filled ones). */
function rowsOf(form: DiarySaveForm) {
  return [
    ...form.workLog.map((row, position) => ({
      section: "work_log" as const,
      position,
      company: orNull(row.company),
      title: row.title ?? "",
      workers: row.workers === undefined ? null : Number(row.workers),
      hours: orNull(row.hours),
    })),
    ...form.delays.map((row, position) => ({
      section: "delay" as const,
      position,
      cause: orNull(row.cause),
      title: row.title ?? "",
      hours: orNull(row.hours),
    })),
    ...form.plant.map((row, position) => ({
      section: "plant" as const,
      position,
      plantKind: orNull(row.plantKind),
      title: row.title ?? "",
      detail: orNull(row.detail),
    })),
    ...form.meetings.map((row, position) => ({
      section: "meeting" as const,
      position,
      title: row.title ?? "",
      detail: orNull(row.detail),
    })),
  ];
}

/**
 * Saves the diary's form whole: its fields and every row section replaced by the form's rows, with an
 * "updated" entry naming the fields that changed and the rows per section, in one transaction. A form that
 * does not validate, a stale assignee, or a diary no longer in progress writes nothing.
 */
export async function saveDiary(context: ProjectContext, diaryId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: diarySaveSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const form = submission.value;
  const { em, project, user } = context;
  if (form.assigneeId && (await notProjectMembers(em, project.id, [form.assigneeId])).length)
    return data(
      submission.reply({ fieldErrors: { assigneeId: [message("operation:diary.errors.choiceNotFound")] } }),
      { status: 400 },
    );
  const saved = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const diary = await lockedDiary(tx, project.id, diaryId);
    if (!diary) throw new Response("Not Found", { status: 404 });
    if (!isDiaryEditable(diary.status)) return null;
    const fields = { ...fieldsOf(form), assigneeId: form.assigneeId ?? null };
    const before = {
      ...Object.fromEntries(Object.keys(fieldsOf(form)).map((key) => [key, diary[key as keyof ISiteDiary]])),
      dueDate: String(diary.dueDate).slice(0, 10),
      assigneeId: diary.assignee?.id ?? null,
    };
    tx.assign(diary, { ...fieldsOf(form), assignee: form.assigneeId ?? null } as never);
    await tx.nativeDelete(SiteDiaryRow, { diary: diary.id });
    const rows = rowsOf(form);
    for (const row of rows)
      tx.create(SiteDiaryRow, { project: project.id, diary, prefilled: false, ...row } as never);
    const changes = changedFields(before, fields);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: DIARY_ENTITY_TYPE,
      entityId: diary.id,
      action: "updated",
      before: changes.before,
      after: {
        ...changes.after,
        rows: {
          workLog: form.workLog.length,
          delays: form.delays.length,
          plant: form.plant.length,
          meetings: form.meetings.length,
        },
      },
    });
    return diary;
  });
  if (!saved) return refused(submission, [notInProgress]);
  return redirectWithToast(diaryPath(diaryId), {
    type: "success",
    message: "operation:diary.toast.saved",
    params: { number: saved.number },
  });
}

/** Runs `write` on the locked diary while it is in progress, with its activity entry; null when it is not. */
async function whileInProgress<T>(
  context: ProjectContext,
  diaryId: string,
  write: (tx: ProjectContext["em"], diary: ISiteDiary) => T,
) {
  return context.em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, context.project.id);
    const diary = await lockedDiary(tx, context.project.id, diaryId);
    if (!diary) throw new Response("Not Found", { status: 404 });
    if (!isDiaryEditable(diary.status)) return null;
    return { diary, result: write(tx, diary) };
  });
}

/** The Notes modal: a note, listed with who wrote it and when. */
export async function addNote(context: ProjectContext, diaryId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: diaryNoteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const done = await whileInProgress(context, diaryId, (tx, diary) => {
    const note = tx.create(SiteDiaryNote, {
      project: context.project.id,
      diary,
      body: submission.value.body,
      author: context.user.id,
    } as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: DIARY_ENTITY_TYPE,
      entityId: diary.id,
      action: "note-added",
      after: { noteId: note.id, body: submission.value.body },
    });
  });
  if (!done) return refused(submission, [notInProgress]);
  return redirectWithToast(diaryPath(diaryId), {
    type: "success",
    message: "operation:diary.toast.noteAdded",
  });
}

/** The Issues modal: an issue raised on the diary (title, description), listed with its concerns. */
export async function raiseIssue(context: ProjectContext, diaryId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: diaryIssueSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { title, description } = submission.value;
  const done = await whileInProgress(context, diaryId, (tx, diary) => {
    const issue = tx.create(SiteDiaryIssue, {
      project: context.project.id,
      diary,
      title,
      description: description ?? null,
      raisedBy: context.user.id,
    } as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: DIARY_ENTITY_TYPE,
      entityId: diary.id,
      action: "issue-raised",
      after: { issueId: issue.id, title },
    });
  });
  if (!done) return refused(submission, [notInProgress]);
  return redirectWithToast(diaryPath(diaryId), {
    type: "success",
    message: "operation:diary.toast.issueRaised",
    params: { title },
  });
}

/**
 * One step of the diary's table through the core engine: locked and re-read, checked against the table,
 * the "status-changed" entry written, in one transaction. A missing permission is a 403 (requireIntent);
 * a stale state, a missing reason or confirmation are form errors.
 */
export async function transitionDiary(context: ProjectContext, diaryId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: diaryTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SiteDiary,
    id: diaryId,
    projectId: context.project.id,
    workflow: diaryWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (diary: ISiteDiary): DiaryStatus => diary.status,
    apply(tx, diary, change) {
      tx.assign(diary, {
        status: change.to,
        ...(change.to === "in_review" ? { submittedAt: new Date() } : {}),
        ...(change.to === "closed" ? { closedAt: new Date() } : {}),
        ...(change.to === "in_progress" ? { submittedAt: null, closedAt: null } : {}),
      });
    },
    activity: { entityType: DIARY_ENTITY_TYPE },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "operation:diary.errors.commentRequired",
      confirmRequired: "operation:diary.errors.confirmRequired",
      notAllowed: "operation:diary.errors.actionNotAllowed",
    });
  if (outcome.to === null) {
    await removeDiaryPhotos(context, diaryId);
    return redirectWithToast(DIARY_PATH, {
      type: "success",
      message: "operation:diary.toast.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(diaryPath(diaryId), {
    type: "success",
    message: `operation:diary.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}
