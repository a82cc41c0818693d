import { Migration } from "@mikro-orm/migrations";

export class Migration20261124172341_defects extends Migration {
  override name = "Migration20261124172341_defects";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "defect" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "title" varchar(200) not null, "description" text null, "status" text not null default 'draft', "priority" text not null default 'normal', "location_id" uuid null, "lot_id" uuid null, "company_id" uuid null, "assignee_id" uuid null, "due_date" date null, "raised_at" timestamptz null, "closed_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "defect_search_trgm_index" on "defect" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(`create index "defect_project_id_sequence_index" on "defect" ("project_id", "sequence");`);
    this.addSql(
      `create index "defect_project_id_status_sequence_index" on "defect" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "defect_project_id_assignee_id_status_index" on "defect" ("project_id", "assignee_id", "status");`,
    );
    this.addSql(
      `create index "defect_project_id_priority_sequence_index" on "defect" ("project_id", "priority", "sequence");`,
    );
    this.addSql(`create index "defect_project_id_due_date_index" on "defect" ("project_id", "due_date");`);
    this.addSql(`create index "defect_project_id_lot_id_index" on "defect" ("project_id", "lot_id");`);
    this.addSql(
      `create index "defect_project_id_location_id_index" on "defect" ("project_id", "location_id");`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `alter table "defect" add constraint "defect_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_assignee_id_foreign" foreign key ("assignee_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_status_check" check ("status" in ('draft', 'pending', 'open', 'in_progress', 'completed', 'in_review', 'not_approved', 'in_dispute', 'closed'));`,
    );
    this.addSql(
      `alter table "defect" add constraint "defect_priority_check" check ("priority" in ('high', 'normal', 'low'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "defect" cascade;`);
  }
}
