import { Migration } from "@mikro-orm/migrations";

export class Migration20261124172456_lot_inspection_points extends Migration {
  override name = "Migration20261124172456_lot_inspection_points";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "lot_inspection_point" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "item_id" uuid not null, "state" text not null default 'not_started', "last_action" text null, "comment" text null, "notified_by_id" uuid null, "notified_at" timestamptz null, "decided_by_id" uuid null, "decided_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "lot_inspection_point_item_id_index" on "lot_inspection_point" ("item_id");`);
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_lot_id_item_id_unique" unique ("lot_id", "item_id");`,
    );

    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_item_id_foreign" foreign key ("item_id") references "itp_item" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_notified_by_id_foreign" foreign key ("notified_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_state_check" check ("state" in ('not_started', 'notified', 'released', 'released_with_comment', 'rejected', 'not_required'));`,
    );
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_last_action_check" check ("last_action" in ('notify', 'release', 'release_with_comment', 'reject', 'mark_not_required', 'record_unattended'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "lot_inspection_point" cascade;`);
  }
}
