import { dayOfDateColumn } from "~/server/db/date-column";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode } from "~/server/locations/tree";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { type ISiteDiary, SiteDiaryIssue, SiteDiaryNote, SiteDiaryRow } from "../diary-entities";

/** The diary's own record as its page and PDF show it: fields, place, people, rows, notes and issues. */

/** A required date column's day (its form date, its due date). */
export const dayText = (value: unknown): string => dayOfDateColumn(value) ?? "";

const decimal = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The diary's own rows, per section, in order. */
export async function diaryRows(em: ProjectContext["em"], diaryId: string) {
  const rows = await em.find(
    SiteDiaryRow,
    { diary: diaryId },
    { orderBy: { section: "asc", position: "asc" } },
  );
  const plain = rows.map((row) => ({
    id: row.id,
    section: row.section,
    company: row.company ?? null,
    title: row.title,
    detail: row.detail ?? null,
    workers: row.workers ?? null,
    hours: decimal(row.hours),
    cause: row.cause ?? null,
    plantKind: row.plantKind ?? null,
    prefilled: row.prefilled,
  }));
  return {
    workLog: plain.filter((row) => row.section === "work_log"),
    delays: plain.filter((row) => row.section === "delay"),
    plant: plain.filter((row) => row.section === "plant"),
    meetings: plain.filter((row) => row.section === "meeting"),
  };
}
export type DiaryRows = Awaited<ReturnType<typeof diaryRows>>;

/** The diary's fields, its location's full name and its people. */
export async function diaryRecord(context: Pick<ProjectContext, "em" | "project">, diary: ISiteDiary) {
  const { em, project } = context;
  await em.populate(diary, ["assignee", "createdBy"]);
  const tree = diary.location ? await listLocationTree(em, project.id) : [];
  const [rows, notes, issues] = await Promise.all([
    diaryRows(em, diary.id),
    em.find(
      SiteDiaryNote,
      { diary: diary.id },
      { orderBy: { createdAt: "asc", id: "asc" }, populate: ["author"] },
    ),
    em.find(
      SiteDiaryIssue,
      { diary: diary.id },
      { orderBy: { createdAt: "asc", id: "asc" }, populate: ["raisedBy"] },
    ),
  ]);
  return {
    id: diary.id,
    number: diary.number,
    status: diary.status,
    formDate: dayText(diary.formDate),
    dueDate: dayText(diary.dueDate),
    locationId: diary.location?.id ?? null,
    location: diary.location ? (findLocationNode(tree, diary.location.id)?.ancestorsName ?? null) : null,
    description: diary.description ?? null,
    assignee: diary.assignee ? { id: diary.assignee.id, name: diary.assignee.name } : null,
    createdBy: diary.createdBy?.name ?? null,
    sky: diary.sky ?? null,
    wind: diary.wind ?? null,
    rain: diary.rain ?? null,
    rainStart: diary.rainStart ?? null,
    rainEnd: diary.rainEnd ?? null,
    temperatureStart: decimal(diary.temperatureStart),
    temperaturePeak: decimal(diary.temperaturePeak),
    concerns: diary.concerns ?? null,
    otherComments: diary.otherComments ?? null,
    submittedAt: diary.submittedAt?.toISOString() ?? null,
    closedAt: diary.closedAt?.toISOString() ?? null,
    rows,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author: note.author?.name ?? null,
      createdAt: note.createdAt.toISOString(),
    })),
    issues: issues.map((issue) => ({
      id: issue.id,
      title: issue.title,
      description: issue.description ?? null,
      raisedBy: issue.raisedBy?.name ?? null,
      createdAt: issue.createdAt.toISOString(),
    })),
  };
}
export type DiaryRecord = Awaited<ReturnType<typeof diaryRecord>>;
