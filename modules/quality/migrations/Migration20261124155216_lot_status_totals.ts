import { Migration } from "@mikro-orm/migrations";

/**
 * Lots per project and status, kept by statement triggers on `lot` (one grouped write per statement, in the
 * writing transaction, so a bulk insert costs one upsert and the totals are exact in every snapshot). The
 * rows are written in (project, status) order so two transactions moving lots between the same statuses
 * lock them in the same order and never deadlock. A delete only decrements: when a project is deleted, its
 * totals go by cascade and must not be written again.
 */
export class Migration20261124155216_lot_status_totals extends Migration {
  override name = "Migration20261124155216_lot_status_totals";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "lot_status_total" ("project_id" uuid not null, "status" varchar(32) not null, "total" bigint not null default '0', primary key ("project_id", "status"));`,
    );
    this.addSql(
      `alter table "lot_status_total" add constraint "lot_status_total_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `insert into "lot_status_total" ("project_id", "status", "total")
       select "project_id", "status", count(*) from "lot" group by "project_id", "status";`,
    );
    // PL/pgSQL plans a statement when it first runs it: each branch names only the transition tables its
    // trigger declares.
    this.addSql(`create function lot_status_total_apply_changes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into lot_status_total (project_id, status, total)
    select project_id, status, count(*) from new_rows
    group by project_id, status order by project_id, status
    on conflict (project_id, status) do update set total = lot_status_total.total + excluded.total;
  elsif tg_op = 'UPDATE' then
    insert into lot_status_total (project_id, status, total)
    select project_id, status, sum(delta) from (
      select project_id, status, 1 as delta from new_rows
      union all
      select project_id, status, -1 from old_rows
    ) changes
    group by project_id, status having sum(delta) <> 0 order by project_id, status
    on conflict (project_id, status) do update set total = lot_status_total.total + excluded.total;
  else
    update lot_status_total t set total = t.total - gone.n
    from (select project_id, status, count(*) as n from old_rows group by project_id, status) gone
    where t.project_id = gone.project_id and t.status = gone.status;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger lot_status_total_insert after insert on "lot"
      referencing new table as new_rows for each statement execute function lot_status_total_apply_changes();`);
    this.addSql(`create trigger lot_status_total_update after update on "lot"
      referencing old table as old_rows new table as new_rows
      for each statement execute function lot_status_total_apply_changes();`);
    this.addSql(`create trigger lot_status_total_delete after delete on "lot"
      referencing old table as old_rows for each statement execute function lot_status_total_apply_changes();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists lot_status_total_insert on "lot";`);
    this.addSql(`drop trigger if exists lot_status_total_update on "lot";`);
    this.addSql(`drop trigger if exists lot_status_total_delete on "lot";`);
    this.addSql(`drop function if exists lot_status_total_apply_changes();`);
    this.addSql(`drop table if exists "lot_status_total" cascade;`);
  }
}
