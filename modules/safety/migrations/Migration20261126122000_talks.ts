import { Migration } from "@mikro-orm/migrations";

export class Migration20261126122000_talks extends Migration {
  override name = "Migration20261126122000_talks";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_talk" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "kind" text not null, "title" varchar(200) not null, "held_on" date not null, "supervisor_id" uuid null, "location_id" uuid null, "work_package" varchar(200) null, "sub_activity" varchar(200) null, "talking_points" text null, "comment" text null, "supervisor_signature" text null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_talk_search_trgm_index" on "safety_talk" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_talk_project_id_kind_sequence_index" on "safety_talk" ("project_id", "kind", "sequence");`,
    );
    this.addSql(
      `create index "safety_talk_project_id_kind_held_on_sequence_index" on "safety_talk" ("project_id", "kind", "held_on", "sequence");`,
    );
    this.addSql(
      `create index "safety_talk_project_id_location_id_index" on "safety_talk" ("project_id", "location_id");`,
    );
    this.addSql(
      `create index "safety_talk_project_id_supervisor_id_index" on "safety_talk" ("project_id", "supervisor_id");`,
    );
    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_sign_on_link" ("id" uuid not null, "project_id" uuid not null, "subject_type" text not null, "subject_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "safety_sign_on_link" add constraint "safety_sign_on_link_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "safety_sign_on_link_subject_type_subject_id_created_at_index" on "safety_sign_on_link" ("subject_type", "subject_id", "created_at");`,
    );

    this.addSql(
      `create table "safety_sign_on" ("id" uuid not null, "project_id" uuid not null, "subject_type" text not null, "subject_id" uuid not null, "link_id" uuid null, "person_key" varchar(420) not null, "name" varchar(200) not null, "company" varchar(200) null, "signature" text not null, "signed_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "safety_sign_on" add constraint "safety_sign_on_subject_type_subject_id_person_key_unique" unique ("subject_type", "subject_id", "person_key");`,
    );

    this.addSql(
      `create table "safety_talk_attendee" ("id" uuid not null, "project_id" uuid not null, "talk_id" uuid not null, "position" int not null, "name" varchar(200) not null, "company" varchar(200) null, "status" text not null, "remark" varchar(500) null, "sign_on_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_talk_attendee_talk_id_position_index" on "safety_talk_attendee" ("talk_id", "position");`,
    );

    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_supervisor_id_foreign" foreign key ("supervisor_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_kind_check" check ("kind" in ('pre_start', 'toolbox'));`,
    );

    this.addSql(
      `alter table "safety_sign_on_link" add constraint "safety_sign_on_link_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_sign_on_link" add constraint "safety_sign_on_link_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_sign_on_link" add constraint "safety_sign_on_link_subject_type_check" check ("subject_type" in ('talk'));`,
    );

    this.addSql(
      `alter table "safety_sign_on" add constraint "safety_sign_on_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_sign_on" add constraint "safety_sign_on_link_id_foreign" foreign key ("link_id") references "safety_sign_on_link" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_sign_on" add constraint "safety_sign_on_subject_type_check" check ("subject_type" in ('talk'));`,
    );

    this.addSql(
      `alter table "safety_talk_attendee" add constraint "safety_talk_attendee_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_talk_attendee" add constraint "safety_talk_attendee_talk_id_foreign" foreign key ("talk_id") references "safety_talk" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_talk_attendee" add constraint "safety_talk_attendee_sign_on_id_foreign" foreign key ("sign_on_id") references "safety_sign_on" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_talk_attendee" add constraint "safety_talk_attendee_status_check" check ("status" in ('present', 'late', 'left_early', 'absent'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "safety_talk_attendee" drop constraint "safety_talk_attendee_talk_id_foreign";`);
    this.addSql(`alter table "safety_sign_on" drop constraint "safety_sign_on_link_id_foreign";`);
    this.addSql(
      `alter table "safety_talk_attendee" drop constraint "safety_talk_attendee_sign_on_id_foreign";`,
    );

    this.addSql(`drop table if exists "safety_talk" cascade;`);
    this.addSql(`drop table if exists "safety_sign_on_link" cascade;`);
    this.addSql(`drop table if exists "safety_sign_on" cascade;`);
    this.addSql(`drop table if exists "safety_talk_attendee" cascade;`);
  }
}
