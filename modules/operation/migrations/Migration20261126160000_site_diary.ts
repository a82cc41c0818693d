import { Migration } from "@mikro-orm/migrations";
import { statusTotalsSql } from "~/server/db/status-totals";

/**
 * The site diary (decision 039): diaries, their rows, notes and issues, one diary per project, day and
 * location, and the per-state totals the register reads (server/db/status-totals.ts).
 */
export class Migration20261126160000_site_diary extends Migration {
  override name = "Migration20261126160000_site_diary";

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(
      `create table "site_diary" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "form_date" date not null, "due_date" date not null, "location_id" uuid null, "description" text null, "assignee_id" uuid null, "status" text not null default 'in_progress', "sky" varchar(32) null, "wind" varchar(32) null, "rain" varchar(32) null, "rain_start" varchar(5) null, "rain_end" varchar(5) null, "temperature_start" numeric(4,1) null, "temperature_peak" numeric(4,1) null, "concerns" text null, "other_comments" text null, "submitted_at" timestamptz null, "closed_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "site_diary_one_per_day_index" on "site_diary" ("project_id", "form_date", coalesce("location_id", '00000000-0000-0000-0000-000000000000'::uuid));`,
    );
    this.addSql(
      `create index "site_diary_search_trgm_index" on "site_diary" using gin ((("number")::text || ' ' || coalesce("description", '')) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "site_diary_project_id_sequence_index" on "site_diary" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "site_diary_project_id_form_date_sequence_index" on "site_diary" ("project_id", "form_date", "sequence");`,
    );
    this.addSql(
      `create index "site_diary_project_id_status_form_date_index" on "site_diary" ("project_id", "status", "form_date");`,
    );
    this.addSql(
      `create index "site_diary_project_id_location_id_form_date_index" on "site_diary" ("project_id", "location_id", "form_date");`,
    );
    this.addSql(
      `create index "site_diary_project_id_assignee_id_form_date_index" on "site_diary" ("project_id", "assignee_id", "form_date");`,
    );
    this.addSql(
      `create index "site_diary_project_id_status_due_date_index" on "site_diary" ("project_id", "status", "due_date");`,
    );
    this.addSql(
      `alter table "site_diary" add constraint "site_diary_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "site_diary_row" ("id" uuid not null, "project_id" uuid not null, "diary_id" uuid not null, "section" text not null, "position" int not null, "company" varchar(200) null, "title" varchar(200) not null, "detail" varchar(500) null, "workers" int null, "hours" numeric(7,2) null, "cause" text null, "plant_kind" text null, "prefilled" boolean not null default false, primary key ("id"));`,
    );
    this.addSql(
      `create index "site_diary_row_diary_id_section_position_index" on "site_diary_row" ("diary_id", "section", "position");`,
    );

    this.addSql(
      `create table "site_diary_note" ("id" uuid not null, "project_id" uuid not null, "diary_id" uuid not null, "body" text not null, "author_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "site_diary_note_diary_id_created_at_index" on "site_diary_note" ("diary_id", "created_at");`,
    );

    this.addSql(
      `create table "site_diary_issue" ("id" uuid not null, "project_id" uuid not null, "diary_id" uuid not null, "title" varchar(200) not null, "description" text null, "raised_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "site_diary_issue_diary_id_created_at_index" on "site_diary_issue" ("diary_id", "created_at");`,
    );

    this.addSql(
      `alter table "site_diary" add constraint "site_diary_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary" add constraint "site_diary_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "site_diary" add constraint "site_diary_assignee_id_foreign" foreign key ("assignee_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "site_diary" add constraint "site_diary_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "site_diary" add constraint "site_diary_status_check" check ("status" in ('in_progress', 'in_review', 'closed', 'archived'));`,
    );

    this.addSql(
      `alter table "site_diary_row" add constraint "site_diary_row_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary_row" add constraint "site_diary_row_diary_id_foreign" foreign key ("diary_id") references "site_diary" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary_row" add constraint "site_diary_row_section_check" check ("section" in ('work_log', 'delay', 'plant', 'meeting'));`,
    );
    this.addSql(
      `alter table "site_diary_row" add constraint "site_diary_row_cause_check" check ("cause" in ('weather', 'client_instruction', 'design', 'materials', 'plant_breakdown', 'subcontractor', 'access', 'safety_stop', 'authority', 'other'));`,
    );
    this.addSql(
      `alter table "site_diary_row" add constraint "site_diary_row_plant_kind_check" check ("plant_kind" in ('plant', 'machinery', 'deliverable'));`,
    );

    this.addSql(
      `alter table "site_diary_note" add constraint "site_diary_note_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary_note" add constraint "site_diary_note_diary_id_foreign" foreign key ("diary_id") references "site_diary" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary_note" add constraint "site_diary_note_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "site_diary_issue" add constraint "site_diary_issue_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary_issue" add constraint "site_diary_issue_diary_id_foreign" foreign key ("diary_id") references "site_diary" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "site_diary_issue" add constraint "site_diary_issue_raised_by_id_foreign" foreign key ("raised_by_id") references "app_user" ("id") on delete set null;`,
    );

    for (const statement of statusTotalsSql("site_diary").up) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of statusTotalsSql("site_diary").down) this.addSql(statement);
    this.addSql(`drop table if exists "site_diary_row" cascade;`);
    this.addSql(`drop table if exists "site_diary_note" cascade;`);
    this.addSql(`drop table if exists "site_diary_issue" cascade;`);
    this.addSql(`drop table if exists "site_diary" cascade;`);
  }
}
