import { Migration } from "@mikro-orm/migrations";
import { statusTotalsSql } from "~/server/db/status-totals";

export class Migration20261126160000_plant extends Migration {
  override name = "Migration20261126160000_plant";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "plant_item" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "make" varchar(100) not null, "model" varchar(100) not null, "serial" varchar(100) not null, "serial_key" varchar(100) not null, "owner_company_id" uuid not null, "description" text null, "on_hire_date" date null, "off_hire_date" date null, "status" text not null default 'IN_PROGRESS', "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "plant_item_search_trgm_index" on "plant_item" using gin ((("number")::text || ' ' || ("make")::text || ' ' || ("model")::text || ' ' || ("serial")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "plant_item_project_id_sequence_index" on "plant_item" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "plant_item_project_id_status_sequence_index" on "plant_item" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "plant_item_project_id_owner_company_id_sequence_index" on "plant_item" ("project_id", "owner_company_id", "sequence");`,
    );
    this.addSql(
      `create index "plant_item_project_id_make_sequence_index" on "plant_item" ("project_id", "make", "sequence");`,
    );
    this.addSql(
      `create index "plant_item_project_id_on_hire_date_sequence_index" on "plant_item" ("project_id", "on_hire_date", "sequence");`,
    );
    this.addSql(
      `create index "plant_item_project_id_status_on_hire_date_off_hire_date_index" on "plant_item" ("project_id", "status", "on_hire_date", "off_hire_date");`,
    );
    this.addSql(
      `create index "plant_item_project_id_serial_key_index" on "plant_item" ("project_id", "serial_key");`,
    );
    this.addSql(
      `alter table "plant_item" add constraint "plant_item_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "plant_inspection" ("id" uuid not null, "project_id" uuid not null, "plant_id" uuid not null, "inspected_on" date not null, "inspector" varchar(200) not null, "result" text not null, "next_due_on" date null, "notes" text null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "plant_inspection_plant_id_inspected_on_index" on "plant_inspection" ("plant_id", "inspected_on");`,
    );

    this.addSql(
      `create table "plant_document" ("id" uuid not null, "project_id" uuid not null, "plant_id" uuid not null, "kind" text not null, "title" varchar(200) not null, "expiry_date" date null, "expiring_notice_for" date null, "expired_notice_for" date null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "plant_document_plant_id_expiry_date_index" on "plant_document" ("plant_id", "expiry_date");`,
    );
    this.addSql(
      `create index "plant_document_project_id_expiry_date_index" on "plant_document" ("project_id", "expiry_date");`,
    );

    this.addSql(
      `create table "plant_check" ("id" uuid not null, "project_id" uuid not null, "plant_id" uuid not null, "checked_on" date not null, "operator" varchar(200) not null, "items" jsonb not null, "result" text not null, "comment" text null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "plant_check_plant_id_checked_on_index" on "plant_check" ("plant_id", "checked_on");`,
    );
    this.addSql(
      `create index "plant_check_project_id_result_checked_on_index" on "plant_check" ("project_id", "result", "checked_on");`,
    );

    this.addSql(
      `alter table "plant_item" add constraint "plant_item_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_item" add constraint "plant_item_owner_company_id_foreign" foreign key ("owner_company_id") references "company" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "plant_item" add constraint "plant_item_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "plant_item" add constraint "plant_item_status_check" check ("status" in ('IN_PROGRESS', 'IN_REVIEW', 'ACTIVE', 'CLOSED', 'ARCHIVED'));`,
    );

    this.addSql(
      `alter table "plant_inspection" add constraint "plant_inspection_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_inspection" add constraint "plant_inspection_plant_id_foreign" foreign key ("plant_id") references "plant_item" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_inspection" add constraint "plant_inspection_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "plant_inspection" add constraint "plant_inspection_result_check" check ("result" in ('PASS', 'FAIL'));`,
    );

    this.addSql(
      `alter table "plant_document" add constraint "plant_document_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_document" add constraint "plant_document_plant_id_foreign" foreign key ("plant_id") references "plant_item" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_document" add constraint "plant_document_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "plant_document" add constraint "plant_document_kind_check" check ("kind" in ('registration', 'service-record', 'insurance', 'operator-licence', 'other'));`,
    );

    this.addSql(
      `alter table "plant_check" add constraint "plant_check_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_check" add constraint "plant_check_plant_id_foreign" foreign key ("plant_id") references "plant_item" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "plant_check" add constraint "plant_check_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "plant_check" add constraint "plant_check_result_check" check ("result" in ('PASS', 'FAIL'));`,
    );

    // Plant items per project and state, kept by statement triggers: the register's totals (server/db/status-totals.ts).
    for (const statement of statusTotalsSql("plant_item").up) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of statusTotalsSql("plant_item").down) this.addSql(statement);
    this.addSql(`alter table "plant_inspection" drop constraint "plant_inspection_plant_id_foreign";`);
    this.addSql(`alter table "plant_document" drop constraint "plant_document_plant_id_foreign";`);
    this.addSql(`alter table "plant_check" drop constraint "plant_check_plant_id_foreign";`);

    this.addSql(`drop table if exists "plant_item" cascade;`);
    this.addSql(`drop table if exists "plant_inspection" cascade;`);
    this.addSql(`drop table if exists "plant_document" cascade;`);
    this.addSql(`drop table if exists "plant_check" cascade;`);
  }
}
