import { Migration } from "@mikro-orm/migrations";
import { statusTotalsSql } from "~/server/db/status-totals";

export class Migration20261126185335_dockets extends Migration {
  override name = "Migration20261126185335_dockets";

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(
      `create table "resource_rate" ("id" uuid not null, "project_id" uuid not null, "code" varchar(50) not null, "title" varchar(200) not null, "unit_of_measure" varchar(20) not null, "unit_price_cents" bigint not null, "total_contract_quantity" numeric(14,3) null, "total_contract_amount_cents" bigint null, "company_id" uuid null, "cost_account" varchar(50) null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "resource_rate_project_id_active_code_index" on "resource_rate" ("project_id", "active", "code");`,
    );
    this.addSql(
      `alter table "resource_rate" add constraint "resource_rate_project_id_code_unique" unique ("project_id", "code");`,
    );

    this.addSql(
      `create table "docket" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "docket_date" date not null, "status" text not null default 'draft', "company_id" uuid null, "abn" varchar(20) null, "po_number" varchar(50) null, "type" text null, "cost_account" varchar(50) null, "task" varchar(200) null, "work_order" varchar(50) null, "area_id" uuid null, "subcontract_id" uuid null, "received_by_id" uuid null, "received_on" date null, "for_approval_by_id" uuid null, "approved_by_id" uuid null, "approved_at" timestamptz null, "comments" text null, "total_cents" bigint not null default '0', "supervisor_name" varchar(200) null, "supervisor_signed_at" timestamptz null, "acc_expense_id" varchar(100) null, "posted_at" timestamptz null, "post_requested_at" timestamptz null, "post_error" text null, "claim_id" uuid null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "docket_search_trgm_index" on "docket" using gin ((("number")::text || ' ' || coalesce("abn", '')::text) gin_trgm_ops);`,
    );
    this.addSql(`create index "docket_project_id_sequence_index" on "docket" ("project_id", "sequence");`);
    this.addSql(
      `create index "docket_project_id_status_sequence_index" on "docket" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "docket_project_id_type_sequence_index" on "docket" ("project_id", "type", "sequence");`,
    );
    this.addSql(
      `create index "docket_project_id_area_id_sequence_index" on "docket" ("project_id", "area_id", "sequence");`,
    );
    this.addSql(
      `create index "docket_project_id_company_id_sequence_index" on "docket" ("project_id", "company_id", "sequence");`,
    );
    this.addSql(
      `create index "docket_project_id_for_approval_by_id_sequence_index" on "docket" ("project_id", "for_approval_by_id", "sequence");`,
    );
    this.addSql(
      `create index "docket_project_id_subcontract_id_claim_id_docket_date_index" on "docket" ("project_id", "subcontract_id", "claim_id", "docket_date");`,
    );
    this.addSql(`create index "docket_project_id_claim_id_index" on "docket" ("project_id", "claim_id");`);
    this.addSql(
      `alter table "docket" add constraint "docket_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "intray_item" ("id" uuid not null, "project_id" uuid not null, "image_name" varchar(255) not null, "attachment_id" uuid not null, "active" boolean not null default true, "docket_fields" jsonb null, "docket_id" uuid null, "uploaded_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "intray_item_project_id_active_created_at_index" on "intray_item" ("project_id", "active", "created_at");`,
    );

    this.addSql(
      `create table "docket_item" ("id" uuid not null, "project_id" uuid not null, "docket_id" uuid not null, "position" int not null, "resource_rate_id" uuid null, "code" varchar(50) not null, "title" varchar(200) not null, "unit_of_measure" varchar(20) not null, "unit_price_cents" bigint not null, "quantity" numeric(14,3) not null, "amount_cents" bigint not null, "cost_account" varchar(50) null, "acc_item_id" varchar(100) null, primary key ("id"));`,
    );
    this.addSql(
      `create index "docket_item_docket_id_position_index" on "docket_item" ("docket_id", "position");`,
    );

    this.addSql(
      `create table "docket_comment" ("id" uuid not null, "project_id" uuid not null, "docket_id" uuid not null, "author_id" uuid null, "body" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "docket_comment_docket_id_created_at_index" on "docket_comment" ("docket_id", "created_at");`,
    );

    this.addSql(
      `alter table "resource_rate" add constraint "resource_rate_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "resource_rate" add constraint "resource_rate_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "docket" add constraint "docket_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_area_id_foreign" foreign key ("area_id") references "location" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_received_by_id_foreign" foreign key ("received_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_for_approval_by_id_foreign" foreign key ("for_approval_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_approved_by_id_foreign" foreign key ("approved_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_status_check" check ("status" in ('draft', 'submitted', 'in_review', 'approved', 'posted', 'rejected', 'archived'));`,
    );
    this.addSql(
      `alter table "docket" add constraint "docket_type_check" check ("type" in ('labour', 'plant', 'materials', 'hire', 'services', 'other'));`,
    );

    this.addSql(
      `alter table "intray_item" add constraint "intray_item_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "intray_item" add constraint "intray_item_docket_id_foreign" foreign key ("docket_id") references "docket" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "intray_item" add constraint "intray_item_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "docket_item" add constraint "docket_item_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket_item" add constraint "docket_item_docket_id_foreign" foreign key ("docket_id") references "docket" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket_item" add constraint "docket_item_resource_rate_id_foreign" foreign key ("resource_rate_id") references "resource_rate" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "docket_comment" add constraint "docket_comment_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket_comment" add constraint "docket_comment_docket_id_foreign" foreign key ("docket_id") references "docket" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket_comment" add constraint "docket_comment_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on delete set null;`,
    );

    // Dockets per project and state, kept by statement triggers: the register's totals (server/db/status-totals.ts).
    for (const statement of statusTotalsSql("docket").up) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of statusTotalsSql("docket").down) this.addSql(statement);
    this.addSql(`alter table "docket_item" drop constraint "docket_item_resource_rate_id_foreign";`);
    this.addSql(`alter table "intray_item" drop constraint "intray_item_docket_id_foreign";`);
    this.addSql(`alter table "docket_item" drop constraint "docket_item_docket_id_foreign";`);
    this.addSql(`alter table "docket_comment" drop constraint "docket_comment_docket_id_foreign";`);

    this.addSql(`drop table if exists "resource_rate" cascade;`);
    this.addSql(`drop table if exists "docket" cascade;`);
    this.addSql(`drop table if exists "intray_item" cascade;`);
    this.addSql(`drop table if exists "docket_item" cascade;`);
    this.addSql(`drop table if exists "docket_comment" cascade;`);
  }
}
