import { Migration } from "@mikro-orm/migrations";

/**
 * The HP/WP register at scale: an index for the due filters and order, lots per ITP from an index alone,
 * and stored point states per ITP item kept by statement triggers on `lot_inspection_point` (as
 * lot_status_totals does for lots: one grouped write per statement, rows in key order so two
 * transactions never deadlock, a delete only decrements since a cascade may already have removed the
 * totals). The register's totals by state are then a read of the project's items' rows.
 */
export class Migration20261126024829_hp_wp_register extends Migration {
  override name = "Migration20261126024829_hp_wp_register";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "inspection_point_state_total" ("project_id" uuid not null, "item_id" uuid not null, "state" varchar(32) not null, "total" bigint not null default '0', primary key ("project_id", "item_id", "state"));`,
    );
    this.addSql(
      `alter table "inspection_point_state_total" add constraint "inspection_point_state_total_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "inspection_point_state_total" add constraint "inspection_point_state_total_item_id_foreign" foreign key ("item_id") references "itp_item" ("id") on delete cascade;`,
    );
    this.addSql(
      `insert into "inspection_point_state_total" ("project_id", "item_id", "state", "total")
       select "project_id", "item_id", "state", count(*) from "lot_inspection_point" group by "project_id", "item_id", "state";`,
    );
    this.addSql(`create function inspection_point_state_total_apply_changes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into inspection_point_state_total (project_id, item_id, state, total)
    select project_id, item_id, state, count(*) from new_rows
    group by project_id, item_id, state order by project_id, item_id, state
    on conflict (project_id, item_id, state) do update set total = inspection_point_state_total.total + excluded.total;
  elsif tg_op = 'UPDATE' then
    insert into inspection_point_state_total (project_id, item_id, state, total)
    select project_id, item_id, state, sum(delta) from (
      select project_id, item_id, state, 1 as delta from new_rows
      union all
      select project_id, item_id, state, -1 from old_rows
    ) changes
    group by project_id, item_id, state having sum(delta) <> 0 order by project_id, item_id, state
    on conflict (project_id, item_id, state) do update set total = inspection_point_state_total.total + excluded.total;
  else
    update inspection_point_state_total t set total = t.total - gone.n
    from (select project_id, item_id, state, count(*) as n from old_rows group by project_id, item_id, state) gone
    where t.project_id = gone.project_id and t.item_id = gone.item_id and t.state = gone.state;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger inspection_point_state_total_insert after insert on "lot_inspection_point"
      referencing new table as new_rows for each statement execute function inspection_point_state_total_apply_changes();`);
    this.addSql(`create trigger inspection_point_state_total_update after update on "lot_inspection_point"
      referencing old table as old_rows new table as new_rows
      for each statement execute function inspection_point_state_total_apply_changes();`);
    this.addSql(`create trigger inspection_point_state_total_delete after delete on "lot_inspection_point"
      referencing old table as old_rows for each statement execute function inspection_point_state_total_apply_changes();`);

    this.addSql(`create index "lot_itp_project_id_itp_id_index" on "lot_itp" ("project_id", "itp_id");`);
    this.addSql(
      `create index "lot_inspection_point_project_id_state_due_on_index" on "lot_inspection_point" ("project_id", "state", "due_on") include ("lot_id", "item_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists inspection_point_state_total_insert on "lot_inspection_point";`);
    this.addSql(`drop trigger if exists inspection_point_state_total_update on "lot_inspection_point";`);
    this.addSql(`drop trigger if exists inspection_point_state_total_delete on "lot_inspection_point";`);
    this.addSql(`drop function if exists inspection_point_state_total_apply_changes();`);
    this.addSql(`drop table if exists "inspection_point_state_total" cascade;`);
    this.addSql(`drop index "lot_inspection_point_project_id_state_due_on_index";`);
    this.addSql(`drop index "lot_itp_project_id_itp_id_index";`);
  }
}
