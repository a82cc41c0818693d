import { Migration } from "@mikro-orm/migrations";

export class Migration20261126061927_observations extends Migration {
  override name = "Migration20261126061927_observations";

  override up(): void | Promise<void> {
    // Observations (the register's search on a trigram index: pg_trgm comes with the actions' migration) and enforcement scans.
    this.addSql(
      `create table "safety_observation" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "kind" text not null, "title" varchar(200) not null, "description" text null, "location_id" uuid null, "observed_on" date not null, "status" text not null default 'open', "rectified_on_spot" boolean not null default false, "assignee_id" uuid null, "completed_at" timestamptz null, "closed_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_observation_search_trgm_index" on "safety_observation" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_observation_project_id_sequence_index" on "safety_observation" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_observation_project_id_status_sequence_index" on "safety_observation" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_observation_project_id_kind_sequence_index" on "safety_observation" ("project_id", "kind", "sequence");`,
    );
    this.addSql(
      `create index "safety_observation_project_id_location_id_index" on "safety_observation" ("project_id", "location_id");`,
    );
    this.addSql(
      `create index "safety_observation_project_id_assignee_id_status_index" on "safety_observation" ("project_id", "assignee_id", "status");`,
    );
    this.addSql(
      `create index "safety_observation_project_id_observed_on_sequence_index" on "safety_observation" ("project_id", "observed_on", "sequence");`,
    );
    this.addSql(
      `create index "safety_observation_project_id_created_by_id_index" on "safety_observation" ("project_id", "created_by_id");`,
    );
    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_enforcement_scan" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "object_type" text not null, "object_id" varchar(100) not null, "object_name" varchar(200) not null, "activity" varchar(200) null, "comment" text null, "ncr_raised" boolean not null default false, "status" text not null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_search_trgm_index" on "safety_enforcement_scan" using gin ((("number")::text || ' ' || ("object_id")::text || ' ' || ("object_name")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_project_id_sequence_index" on "safety_enforcement_scan" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_project_id_status_sequence_index" on "safety_enforcement_scan" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_project_id_object_type_sequence_index" on "safety_enforcement_scan" ("project_id", "object_type", "sequence");`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_project_id_object_id_sequence_index" on "safety_enforcement_scan" ("project_id", "object_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_object_history_index" on "safety_enforcement_scan" ("project_id", "object_type", "object_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_enforcement_scan_project_id_created_at_index" on "safety_enforcement_scan" ("project_id", "created_at");`,
    );
    this.addSql(
      `alter table "safety_enforcement_scan" add constraint "safety_enforcement_scan_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_assignee_id_foreign" foreign key ("assignee_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_kind_check" check ("kind" in ('positive', 'unsafe_act', 'unsafe_condition'));`,
    );
    this.addSql(
      `alter table "safety_observation" add constraint "safety_observation_status_check" check ("status" in ('open', 'in_progress', 'completed', 'not_approved', 'in_dispute', 'closed'));`,
    );

    this.addSql(
      `alter table "safety_enforcement_scan" add constraint "safety_enforcement_scan_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_enforcement_scan" add constraint "safety_enforcement_scan_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_enforcement_scan" add constraint "safety_enforcement_scan_object_type_check" check ("object_type" in ('WORKER', 'PLANT_AND_MACHINERY', 'TEMPORARY_WORKS'));`,
    );
    this.addSql(
      `alter table "safety_enforcement_scan" add constraint "safety_enforcement_scan_status_check" check ("status" in ('PASS', 'FAIL'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "safety_observation" cascade;`);
    this.addSql(`drop table if exists "safety_enforcement_scan" cascade;`);
  }
}
