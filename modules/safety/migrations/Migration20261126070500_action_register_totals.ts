import { Migration } from "@mikro-orm/migrations";

/**
 * The actions register at 100,000 actions (bench/README.md): actions per project and status, kept by
 * statement triggers on `safety_action` as lot_status_totals keeps the lots' (one grouped write per
 * statement, in the writing transaction, rows in (project, status) order so two transactions never
 * deadlock on them; a delete only decrements, so a project's cascade does not write them again), so the
 * register's unfiltered and status-filtered totals are a read of four rows, not a count of every action.
 * And an index of (project, status, due date): the due filters (overdue, this week, later, none) keep to
 * open work, so their count is one index range per open status, without reading the actions themselves;
 * the creator's index gains the assignee, so My Actions' total is two index ranges added.
 */
export class Migration20261126070500_action_register_totals extends Migration {
  override name = "Migration20261126070500_action_register_totals";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_action_status_total" ("project_id" uuid not null, "status" varchar(32) not null, "total" bigint not null default '0', primary key ("project_id", "status"));`,
    );
    this.addSql(
      `alter table "safety_action_status_total" add constraint "safety_action_status_total_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `insert into "safety_action_status_total" ("project_id", "status", "total")
       select "project_id", "status", count(*) from "safety_action" group by "project_id", "status";`,
    );
    // PL/pgSQL plans a statement when it first runs it: each branch names only the transition tables its
    // trigger declares.
    this.addSql(`create function safety_action_status_total_apply_changes() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into safety_action_status_total (project_id, status, total)
    select project_id, status, count(*) from new_rows
    group by project_id, status order by project_id, status
    on conflict (project_id, status) do update set total = safety_action_status_total.total + excluded.total;
  elsif tg_op = 'UPDATE' then
    insert into safety_action_status_total (project_id, status, total)
    select project_id, status, sum(delta) from (
      select project_id, status, 1 as delta from new_rows
      union all
      select project_id, status, -1 from old_rows
    ) changes
    group by project_id, status having sum(delta) <> 0 order by project_id, status
    on conflict (project_id, status) do update set total = safety_action_status_total.total + excluded.total;
  else
    update safety_action_status_total t set total = t.total - gone.n
    from (select project_id, status, count(*) as n from old_rows group by project_id, status) gone
    where t.project_id = gone.project_id and t.status = gone.status;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger safety_action_status_total_insert after insert on "safety_action"
      referencing new table as new_rows for each statement execute function safety_action_status_total_apply_changes();`);
    this.addSql(`create trigger safety_action_status_total_update after update on "safety_action"
      referencing old table as old_rows new table as new_rows
      for each statement execute function safety_action_status_total_apply_changes();`);
    this.addSql(`create trigger safety_action_status_total_delete after delete on "safety_action"
      referencing old table as old_rows for each statement execute function safety_action_status_total_apply_changes();`);

    this.addSql(
      `create index "safety_action_project_id_status_due_date_index" on "safety_action" ("project_id", "status", "due_date");`,
    );
    // My Actions' total: assigned to me (the assignee index) plus created by me and assigned to someone else,
    // counted from this index alone.
    this.addSql(`drop index "safety_action_project_id_created_by_id_index";`);
    this.addSql(
      `create index "safety_action_project_id_created_by_id_assignee_id_index" on "safety_action" ("project_id", "created_by_id", "assignee_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "safety_action_project_id_created_by_id_assignee_id_index";`);
    this.addSql(
      `create index "safety_action_project_id_created_by_id_index" on "safety_action" ("project_id", "created_by_id");`,
    );
    this.addSql(`drop index if exists "safety_action_project_id_status_due_date_index";`);
    this.addSql(`drop trigger if exists safety_action_status_total_insert on "safety_action";`);
    this.addSql(`drop trigger if exists safety_action_status_total_update on "safety_action";`);
    this.addSql(`drop trigger if exists safety_action_status_total_delete on "safety_action";`);
    this.addSql(`drop function if exists safety_action_status_total_apply_changes();`);
    this.addSql(`drop table if exists "safety_action_status_total" cascade;`);
  }
}
