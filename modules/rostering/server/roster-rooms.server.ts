import type { EntityManager } from "@mikro-orm/postgresql";

/** The project's rooms for a roster's "book rooms" form: "Place · Room (beds)". */
export async function roomChoices(em: EntityManager, projectId: string) {
  const rows = await em.execute<{ id: string; place: string; room: string; beds: number }[]>(
    `select rm.id, a.name as place, rm.name as room, rm.beds
       from accommodation_room rm join accommodation a on a.id = rm.accommodation_id
      where rm.project_id = ? order by a.name, rm.name limit 500`,
    [projectId],
  );
  return rows.map((row) => ({ value: row.id, label: `${row.place} · ${row.room} (${row.beds})` }));
}
