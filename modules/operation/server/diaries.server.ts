import { LockMode, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { Location, User } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { isUuid } from "~/server/http/responses";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import { notProjectMembers } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectToday as projectDay } from "~/server/projects/time-zone.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { type ISiteDiary, SiteDiary, SiteDiaryRow } from "../diary-entities";
import { addDays, DIARY_NUMBER_KIND } from "../domain/diary-fields";
import { type DiaryPrefillSources, prefillRows } from "../domain/diary-prefill";
import { type DiaryStatus, isDiaryEditable } from "../domain/diary-workflow";
import { DIARY_ENTITY_TYPE } from "./diary-basics";

/** The site diary's records on the server: finding one, the project's day, creating a day's diary. */

export type DiarySettings = {
  dueDays: number;
  weatherProvider: string;
  prefillWorkLog: boolean;
  prefillPlant: boolean;
};

export const diarySettings = (em: EntityManager, projectId: string) =>
  readProjectSettings<DiarySettings>(em, projectId, "operation", "siteDiary");

/** The diary of a URL in the request's project, or a thrown 404. */
export async function diaryById(context: ProjectContext, id: string | undefined): Promise<ISiteDiary> {
  const diary = isUuid(id) ? await context.em.findOne(SiteDiary, { id, project: context.project.id }) : null;
  if (!diary) throw new Response("Not Found", { status: 404 });
  return diary;
}

/** Whether this user may change the diary now: edit permission, and the diary in progress. */
export const canEditDiary = (context: ProjectContext, diary: { status: DiaryStatus }) =>
  isDiaryEditable(diary.status) && context.can("operation.siteDaries.edit");

/** Today on the project's clock (decision 029): the day "Open today's diary" opens. */
export async function projectToday(context: Pick<ProjectContext, "em" | "project">, now = new Date()) {
  return projectDay(context.em, context.project, now);
}

/** The project's locations, as "Bridge › Span 2 › Deck", depth first: the form's choices. */
export async function diaryLocationChoices(em: EntityManager, projectId: string) {
  return flattenLocationTree(await listLocationTree(em, projectId)).map((node) => ({
    value: node.id,
    label: node.ancestorsName,
  }));
}

/** The diary of a project, day and place (null: the whole project's), if there is one. */
export function diaryOfDay(
  em: EntityManager,
  projectId: string,
  formDate: string,
  locationId: string | null,
) {
  return em.findOne(SiteDiary, { project: projectId, formDate, location: locationId });
}

export type NewDiary = {
  formDate: string;
  locationId: string | null;
  description?: string | null;
  assigneeId?: string | null;
};

export type CreateOutcome =
  | { ok: true; diary: ISiteDiary }
  /** One diary per project, day and place: the one that is there already. */
  | { ok: false; reason: "exists"; existing: { id: string; number: string } }
  | { ok: false; reason: "choice"; field: "locationId" | "assigneeId" };

/**
 * Creates a day's diary (SD-0001…) with its due date (the settings' days after its form date) and the rows
 * the day's sources pre-fill, in one transaction with its "created" entry. A second diary of the same day
 * and place is refused, naming the one there (also when two people create it at once: the unique index).
 */
export async function createDiary(
  context: ProjectContext,
  input: NewDiary,
  sources: DiaryPrefillSources,
): Promise<CreateOutcome> {
  const { em, project, user } = context;
  if (input.locationId && !(await em.findOne(Location, { id: input.locationId, project: project.id })))
    return { ok: false, reason: "choice", field: "locationId" };
  if (input.assigneeId && (await notProjectMembers(em, project.id, [input.assigneeId])).length)
    return { ok: false, reason: "choice", field: "assigneeId" };
  const existing = await diaryOfDay(em, project.id, input.formDate, input.locationId);
  if (existing)
    return { ok: false, reason: "exists", existing: { id: existing.id, number: existing.number } };
  const settings = await diarySettings(em, project.id);
  try {
    const diary = await em.transactional(async (transaction) => {
      const tx = scopeToProject(transaction, project.id);
      const created = tx.create(SiteDiary, {
        project: project.id,
        number: await nextNumber(tx, project.id, DIARY_NUMBER_KIND),
        formDate: input.formDate,
        dueDate: addDays(input.formDate, settings.dueDays),
        location: input.locationId,
        description: input.description ?? null,
        assignee: input.assigneeId ?? null,
        status: "in_progress",
        createdBy: user.id,
      } as never);
      const rows = prefillRows({
        plantRecords: settings.prefillPlant ? sources.plantRecords : [],
        workLog: settings.prefillWorkLog ? sources.workLog : [],
      });
      for (const row of rows)
        tx.create(SiteDiaryRow, { project: project.id, diary: created, ...row } as never);
      await tx.flush();
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: DIARY_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: {
          number: created.number,
          formDate: input.formDate,
          locationId: input.locationId,
          prefilledRows: rows.length,
        },
      });
      return created;
    });
    return { ok: true, diary };
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    const raced = await diaryOfDay(em.fork(), project.id, input.formDate, input.locationId);
    if (!raced) throw error;
    return { ok: false, reason: "exists", existing: { id: raced.id, number: raced.number } };
  }
}

/** The diary locked for a change, in the request's project, or null when gone. */
export async function lockedDiary(tx: EntityManager, projectId: string, diaryId: string) {
  return tx.findOne(SiteDiary, { id: diaryId, project: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** The user's name (activity entries, notes). */
export const userReference = (em: EntityManager, id: string) => em.getReference(User, id);
