import type { ProjectContext } from "~/server/permissions/guard.server";
import type { DiaryStatus } from "../domain/diary-workflow";
import { projectToday } from "./diaries.server";
import { dayText } from "./diary-record.server";

/**
 * The Overview's site diary part: today's diaries (on the project's clock), those waiting for review, and
 * those overdue (in progress past their due date), each a short list on the table's indexes.
 */

const LIST_LIMIT = 10;

type Row = {
  id: string;
  number: string;
  status: DiaryStatus;
  form_date: string | Date;
  due_date: string | Date;
  location: string | null;
};

export async function loadDiaryOverview(context: ProjectContext) {
  const { em, project } = context;
  const today = await projectToday(context);
  const select = `select d.id, d."number", d.status, d.form_date, d.due_date, l.name as location
    from site_diary d left join location l on l.id = d.location_id`;
  const [todays, review, overdue] = await Promise.all([
    em.execute<Row[]>(`${select} where d.project_id = ? and d.form_date = ? order by d.sequence limit ?`, [
      project.id,
      today,
      LIST_LIMIT,
    ]),
    em.execute<Row[]>(
      `${select} where d.project_id = ? and d.status = 'in_review' order by d.form_date, d.sequence limit ?`,
      [project.id, LIST_LIMIT],
    ),
    em.execute<Row[]>(
      `${select} where d.project_id = ? and d.status = 'in_progress' and d.due_date < ?
       order by d.due_date, d.sequence limit ?`,
      [project.id, today, LIST_LIMIT],
    ),
  ]);
  const plain = (rows: Row[]) =>
    rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      formDate: dayText(row.form_date),
      dueDate: dayText(row.due_date),
      location: row.location,
    }));
  return { today, todays: plain(todays), review: plain(review), overdue: plain(overdue) };
}
export type DiaryOverview = Awaited<ReturnType<typeof loadDiaryOverview>>;
