/**
 * A table's rows per project and status, kept by statement triggers (the registers' unfiltered and
 * status-filtered totals read a handful of rows instead of counting every record: bench/README.md). One
 * grouped write per statement, in the writing transaction, so a bulk insert costs one upsert and the totals
 * are exact in every snapshot. The rows are written in (project, status) order so two transactions moving
 * records between the same statuses lock them in the same order and never deadlock. A delete only
 * decrements: when a project is deleted, its totals go by cascade and must not be written again.
 *
 * A migration adds its statements (`up`) and removes them (`down`); the totals table is `<table>_status_total`.
 */
export function statusTotalsSql(table: string): { up: string[]; down: string[] } {
  const totals = `${table}_status_total`;
  const apply = `${totals}_apply_changes`;
  return {
    up: [
      `create table "${totals}" ("project_id" uuid not null, "status" varchar(32) not null, "total" bigint not null default '0', primary key ("project_id", "status"));`,
      `alter table "${totals}" add constraint "${totals}_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
      `insert into "${totals}" ("project_id", "status", "total")
       select "project_id", "status", count(*) from "${table}" group by "project_id", "status";`,
      // PL/pgSQL plans a statement when it first runs it: each branch names only the transition tables its
      // trigger declares.
      `create function ${apply}() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into ${totals} (project_id, status, total)
    select project_id, status, count(*) from new_rows
    group by project_id, status order by project_id, status
    on conflict (project_id, status) do update set total = ${totals}.total + excluded.total;
  elsif tg_op = 'UPDATE' then
    insert into ${totals} (project_id, status, total)
    select project_id, status, sum(delta) from (
      select project_id, status, 1 as delta from new_rows
      union all
      select project_id, status, -1 from old_rows
    ) changes
    group by project_id, status having sum(delta) <> 0 order by project_id, status
    on conflict (project_id, status) do update set total = ${totals}.total + excluded.total;
  else
    update ${totals} t set total = t.total - gone.n
    from (select project_id, status, count(*) as n from old_rows group by project_id, status) gone
    where t.project_id = gone.project_id and t.status = gone.status;
  end if;
  return null;
end $$;`,
      `create trigger ${totals}_insert after insert on "${table}"
      referencing new table as new_rows for each statement execute function ${apply}();`,
      `create trigger ${totals}_update after update on "${table}"
      referencing old table as old_rows new table as new_rows
      for each statement execute function ${apply}();`,
      `create trigger ${totals}_delete after delete on "${table}"
      referencing old table as old_rows for each statement execute function ${apply}();`,
    ],
    down: [
      `drop trigger if exists ${totals}_insert on "${table}";`,
      `drop trigger if exists ${totals}_update on "${table}";`,
      `drop trigger if exists ${totals}_delete on "${table}";`,
      `drop function if exists ${apply}();`,
      `drop table if exists "${totals}" cascade;`,
    ],
  };
}

/**
 * The totals' triggers as an entity declares them (`triggers` of defineEntity), so the schema diff knows
 * them and never proposes to drop them. `totals` names the totals table when it is not `<table>_status_total`.
 */
export function statusTotalTriggers(table: string, totals = `${table}_status_total`) {
  return (["insert", "update", "delete"] as const).map((event) => ({
    name: `${totals}_${event}`,
    timing: "after" as const,
    events: [event],
    forEach: "statement" as const,
    expression: `create trigger ${totals}_${event} after ${event} on "${table}" referencing ${
      event === "insert"
        ? "new table as new_rows"
        : event === "update"
          ? "old table as old_rows new table as new_rows"
          : "old table as old_rows"
    } for each statement execute function ${totals}_apply_changes()`,
  }));
}
