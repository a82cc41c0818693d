import { Migration } from "@mikro-orm/migrations";

export class Migration20261126054624_hours_worked extends Migration {
  override name = "Migration20261126054624_hours_worked";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_hours_worked" ("id" uuid not null, "project_id" uuid not null, "month" date not null, "hours" numeric(10,2) not null, "entered_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "safety_hours_worked" add constraint "safety_hours_worked_project_id_month_unique" unique ("project_id", "month");`,
    );

    this.addSql(
      `alter table "safety_hours_worked" add constraint "safety_hours_worked_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_hours_worked" add constraint "safety_hours_worked_entered_by_id_foreign" foreign key ("entered_by_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "safety_hours_worked" cascade;`);
  }
}
