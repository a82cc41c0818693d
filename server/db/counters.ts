import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * The next human number of a kind in a project ("LOT-0042"). The counter row is incremented with an
 * upsert in the caller's transaction, so two people creating records at once get different numbers and
 * a rolled-back insert gives its number back.
 */
export async function nextNumber(
  em: EntityManager,
  projectId: string,
  kind: string,
  digits = 4,
): Promise<string> {
  const rows = await em.execute<{ value: number }[]>(
    `insert into project_counter (project_id, kind, value) values (?, ?, 1)
     on conflict (project_id, kind) do update set value = project_counter.value + 1
     returning value`,
    [projectId, kind],
  );
  const value = Number(rows[0].value);
  return `${kind}-${String(value).padStart(digits, "0")}`;
}
