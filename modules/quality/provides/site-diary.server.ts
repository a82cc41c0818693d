import { type Provider, provide } from "~/server/extensions/contracts";
import { Lot, LotItemCheck } from "../entities";
import { lotPath } from "../server/lot-rules";

/**
 * The site diary's quality section: the lots inspected that day at the diary's location (any check of an
 * ITP item recorded that day, on a lot at the location or below it). NCRs and punch list items join this
 * section when the quality module records them.
 */
export const provider: Provider<"site-diary.sections"> = provide("site-diary.sections", {
  sections: [
    {
      id: "lots-inspected",
      permission: "quality.lot.view",
      title: "quality:diary.lotsInspected",
      async list({ em, project, t }, { date, locationId }) {
        const lotTable = em.getMetadata(Lot).tableName;
        const checkTable = em.getMetadata(LotItemCheck).tableName;
        const rows = await em
          .getConnection()
          .execute<{ id: string; number: string; title: string; status: string; checks: string }[]>(
            `select l.id, l.number, l.title, l.status, count(c.id) as checks
             from ${lotTable} l
             join ${checkTable} c on c.lot_id = l.id
            where l.project_id = ? and c.checked_at >= ?::date and c.checked_at < ?::date + 1
              and (?::uuid is null or l.location_id in (
                    select id from location where project_id = ? and (id = ?::uuid or path like (
                      select path || id || '/%' from location where id = ?::uuid))))
            group by l.id, l.number, l.title, l.status, l.sequence
            order by l.sequence`,
            [project.id, date, date, locationId, project.id, locationId, locationId],
          );
        return rows.map((row) => ({
          id: row.id,
          number: row.number,
          title: row.title,
          status: t(`quality:lot.status.${row.status}`),
          href: lotPath(row.id),
        }));
      },
    },
  ],
});
