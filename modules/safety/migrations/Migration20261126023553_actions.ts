import { Migration } from "@mikro-orm/migrations";

export class Migration20261126023553_actions extends Migration {
  override name = "Migration20261126023553_actions";

  override up(): void | Promise<void> {
    // The register's trigram search index; quality's migrations create it too, but this module must not rely on them.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create table "safety_action" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "title" varchar(200) not null, "description" text null, "label" varchar(100) null, "status" text not null default 'open', "risk_ranking" text not null default 'medium', "assignee_id" uuid null, "due_date" date null, "source_type" varchar(32) null, "source_id" uuid null, "completed_at" timestamptz null, "closed_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_action_search_trgm_index" on "safety_action" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_action_project_id_sequence_index" on "safety_action" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_action_project_id_status_sequence_index" on "safety_action" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_action_project_id_assignee_id_status_index" on "safety_action" ("project_id", "assignee_id", "status");`,
    );
    this.addSql(
      `create index "safety_action_project_id_risk_ranking_sequence_index" on "safety_action" ("project_id", "risk_ranking", "sequence");`,
    );
    this.addSql(
      `create index "safety_action_project_id_label_index" on "safety_action" ("project_id", "label");`,
    );
    this.addSql(
      `create index "safety_action_project_id_due_date_index" on "safety_action" ("project_id", "due_date");`,
    );
    this.addSql(
      `create index "safety_action_project_id_created_by_id_index" on "safety_action" ("project_id", "created_by_id");`,
    );
    this.addSql(
      `create index "safety_action_source_type_source_id_index" on "safety_action" ("source_type", "source_id");`,
    );
    this.addSql(
      `alter table "safety_action" add constraint "safety_action_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_action_watcher" ("id" uuid not null, "project_id" uuid not null, "action_id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_action_watcher_project_id_user_id_index" on "safety_action_watcher" ("project_id", "user_id");`,
    );
    this.addSql(
      `alter table "safety_action_watcher" add constraint "safety_action_watcher_action_id_user_id_unique" unique ("action_id", "user_id");`,
    );

    this.addSql(
      `create table "safety_action_comment" ("id" uuid not null, "project_id" uuid not null, "action_id" uuid not null, "author_id" uuid null, "body" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_action_comment_action_id_created_at_index" on "safety_action_comment" ("action_id", "created_at");`,
    );

    this.addSql(
      `alter table "safety_action" add constraint "safety_action_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_action" add constraint "safety_action_assignee_id_foreign" foreign key ("assignee_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_action" add constraint "safety_action_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_action" add constraint "safety_action_status_check" check ("status" in ('open', 'in_progress', 'completed', 'closed'));`,
    );
    this.addSql(
      `alter table "safety_action" add constraint "safety_action_risk_ranking_check" check ("risk_ranking" in ('low', 'medium', 'high', 'extreme'));`,
    );

    this.addSql(
      `alter table "safety_action_watcher" add constraint "safety_action_watcher_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_action_watcher" add constraint "safety_action_watcher_action_id_foreign" foreign key ("action_id") references "safety_action" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_action_watcher" add constraint "safety_action_watcher_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "safety_action_comment" add constraint "safety_action_comment_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_action_comment" add constraint "safety_action_comment_action_id_foreign" foreign key ("action_id") references "safety_action" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_action_comment" add constraint "safety_action_comment_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "safety_action_watcher" drop constraint "safety_action_watcher_action_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_action_comment" drop constraint "safety_action_comment_action_id_foreign";`,
    );

    this.addSql(`drop table if exists "safety_action" cascade;`);
    this.addSql(`drop table if exists "safety_action_watcher" cascade;`);
    this.addSql(`drop table if exists "safety_action_comment" cascade;`);
  }
}
