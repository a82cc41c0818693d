import type { EntityManager } from "@mikro-orm/postgresql";
import { type Provider, provide } from "~/server/extensions/contracts";
import { diaryDayBounds, diaryLocationScope } from "~/server/extensions/site-diary-scope.server";
import { Defect, Lot, LotItemCheck, Ncr } from "../entities";
import { defectPath } from "../server/defect-rules";
import { lotPath } from "../server/lot-rules";
import { ncrPath } from "../server/ncr-rules";

// The diary's place as the core scopes it (server/extensions/site-diary-scope.server.ts), in this file's two halves.
const locationInDiaryScope = (column: string) => diaryLocationScope(column, "", null).sql;
const diaryScopeParameters = (projectId: string, locationId: string | null) =>
  diaryLocationScope("", projectId, locationId).params;

const tables = (em: EntityManager) => ({
  lot: em.getMetadata(Lot).tableName,
  check: em.getMetadata(LotItemCheck).tableName,
  ncr: em.getMetadata(Ncr).tableName,
  defect: em.getMetadata(Defect).tableName,
});

type DiaryRow = { id: string; number: string; title: string; status: string };

/**
 * The site diary's quality sections for the diary's day (on the project's clock: the core's day bounds) and
 * location (its subtree): the lots inspected
 * (an ITP item check recorded that day on a lot there), the NCRs raised that day (a product NCR by its lot's
 * location; a system NCR has no place, so it is in the whole-project diary only), and the punch list items
 * raised that day (by the defect's location, else its lot's; drafts are their raiser's own and not listed).
 */
export const provider: Provider<"site-diary.sections"> = provide("site-diary.sections", {
  sections: [
    {
      id: "lots-inspected",
      permission: "quality.lot.view",
      title: "quality:diary.lotsInspected",
      async list({ em, project, t }, { date, locationId }) {
        const day = await diaryDayBounds(em, project, { date });
        const rows = await em.getConnection().execute<DiaryRow[]>(
          `select l.id, l.number, l.title, l.status
             from ${tables(em).lot} l
             join ${tables(em).check} c on c.lot_id = l.id
            where l.project_id = ? and c.checked_at >= ? and c.checked_at < ?
              and ${locationInDiaryScope("l.location_id")}
            group by l.id, l.number, l.title, l.status, l.sequence
            order by l.sequence`,
          [project.id, day.start, day.end, ...diaryScopeParameters(project.id, locationId)],
        );
        return rows.map((row) => ({
          ...row,
          status: t(`quality:lot.status.${row.status}`),
          href: lotPath(row.id),
        }));
      },
    },
    {
      id: "ncrs-raised",
      permission: "quality.ncr.view",
      title: "quality:diary.ncrsRaised",
      async list({ em, project, t }, { date, locationId }) {
        const rows = await em.getConnection().execute<DiaryRow[]>(
          `select n.id, n.number, n.title, n.status
             from ${tables(em).ncr} n
             left join ${tables(em).lot} l on l.id = n.lot_id
            where n.project_id = ? and n.raised_on = ?::date
              and (?::uuid is null or l.id is not null) and ${locationInDiaryScope("l.location_id")}
            order by n.sequence`,
          [project.id, date, locationId, ...diaryScopeParameters(project.id, locationId)],
        );
        return rows.map((row) => ({
          ...row,
          status: t(`quality:ncr.status.${row.status}`),
          href: ncrPath(row.id),
        }));
      },
    },
    {
      id: "punch-list-raised",
      permission: "quality.defects.view",
      title: "quality:diary.punchListRaised",
      async list({ em, project, t }, { date, locationId }) {
        const day = await diaryDayBounds(em, project, { date });
        const rows = await em.getConnection().execute<DiaryRow[]>(
          `select d.id, d.number, d.title, d.status
             from ${tables(em).defect} d
             left join ${tables(em).lot} l on l.id = d.lot_id
            where d.project_id = ? and d.status <> 'draft'
              and d.raised_at >= ? and d.raised_at < ?
              and ${locationInDiaryScope("coalesce(d.location_id, l.location_id)")}
            order by d.sequence`,
          [project.id, day.start, day.end, ...diaryScopeParameters(project.id, locationId)],
        );
        return rows.map((row) => ({
          ...row,
          status: t(`quality:defect.status.${row.status}`),
          href: defectPath(row.id),
        }));
      },
    },
  ],
});
