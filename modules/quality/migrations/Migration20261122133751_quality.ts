import { Migration } from "@mikro-orm/migrations";

export class Migration20261122133751_quality extends Migration {
  override name = "Migration20261122133751_quality";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "lot" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (substring("number" from '[0-9]+$')::int) stored not null, "title" varchar(200) not null, "lot_type" varchar(100) null, "status" text not null default 'open', "sub_status" text null, "location_id" uuid null, "area" varchar(200) null, "activity" varchar(200) null, "discipline" varchar(100) null, "managed_by" varchar(200) null, "design_package" varchar(200) null, "system" varchar(200) null, "sub_discipline" varchar(100) null, "wbs" varchar(100) null, "asset_owner" varchar(200) null, "engineer_responsible" varchar(200) null, "supervisor_responsible" varchar(200) null, "control_line" varchar(100) null, "chainage_start" double precision null, "chainage_end" double precision null, "comment" text null, "remark" text null, "work_pack" varchar(100) null, "subcontractor_id" uuid null, "zone" varchar(100) null, "work_commenced_on" date null, "scheduled_start" date null, "completed_on" date null, "lot_opened_on" date null, "lot_close_target" date null, "qa_completed_on" date null, "lot_closed_on" date null, "lot_verified_by" varchar(200) null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    // The register's search (lot number or title, any part, any case) runs on this trigram index.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create index "lot_search_trgm_index" on "lot" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(`create index "lot_project_id_sequence_index" on "lot" ("project_id", "sequence");`);
    this.addSql(
      `create index "lot_project_id_status_sequence_index" on "lot" ("project_id", "status", "sequence");`,
    );
    this.addSql(`create index "lot_project_id_location_id_index" on "lot" ("project_id", "location_id");`);
    this.addSql(`create index "lot_project_id_lot_type_index" on "lot" ("project_id", "lot_type");`);
    this.addSql(`create index "lot_project_id_work_pack_index" on "lot" ("project_id", "work_pack");`);
    this.addSql(
      `alter table "lot" add constraint "lot_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "lot_relation" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "related_id" uuid not null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "lot_relation_related_id_index" on "lot_relation" ("related_id");`);
    this.addSql(
      `alter table "lot_relation" add constraint "lot_relation_lot_id_related_id_unique" unique ("lot_id", "related_id");`,
    );

    this.addSql(
      `create table "lot_equipment" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "name" varchar(200) not null, "description" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "lot_equipment_lot_id_index" on "lot_equipment" ("lot_id");`);

    this.addSql(
      `create table "lot_dti_audit" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "auditor_name" varchar(200) not null, "audited_on" date not null, "process_completed" boolean not null default false, "reason" text null, "comments" text null, "signature" text null, "signed_by_id" uuid null, "signed_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "lot_dti_audit" add constraint "lot_dti_audit_lot_id_unique" unique ("lot_id");`,
    );

    this.addSql(
      `create table "itp_template" ("id" uuid not null, "title" varchar(200) not null, "customer" varchar(200) null, "contract_number" varchar(100) null, "area_sub_system" varchar(200) null, "lot_number" varchar(100) null, "description" text null, "discipline" varchar(100) null, "specification" varchar(500) null, "drawings" varchar(500) null, "prepared_by" varchar(200) null, "quality_specified" varchar(200) null, "certificate_number" varchar(100) null, "items" jsonb not null, "source_project_id" uuid null, "source_itp_number" varchar(20) null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "itp_template_title_index" on "itp_template" ("title");`);

    this.addSql(
      `create table "itp" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "title" varchar(200) not null, "customer" varchar(200) null, "contract_number" varchar(100) null, "area_sub_system" varchar(200) null, "lot_number" varchar(100) null, "description" text null, "discipline" varchar(100) null, "specification" varchar(500) null, "drawings" varchar(500) null, "prepared_by" varchar(200) null, "quality_specified" varchar(200) null, "certificate_number" varchar(100) null, "status" text not null default 'draft', "revision" int not null default 0, "creation_date" date null, "approval_date" date null, "submitted_by_id" uuid null, "submitted_at" timestamptz null, "last_rejection_comment" text null, "template_id" uuid null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "itp_project_id_status_index" on "itp" ("project_id", "status");`);
    this.addSql(
      `alter table "itp" add constraint "itp_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "lot_itp" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "itp_id" uuid not null, "assigned_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "lot_itp_itp_id_index" on "lot_itp" ("itp_id");`);
    this.addSql(
      `alter table "lot_itp" add constraint "lot_itp_lot_id_itp_id_unique" unique ("lot_id", "itp_id");`,
    );

    this.addSql(
      `create table "itp_review_link" ("id" uuid not null, "project_id" uuid not null, "itp_id" uuid not null, "scope" text not null, "token_hash" varchar(64) not null, "recipient_name" varchar(200) null, "recipient_email" varchar(320) not null, "revision" int not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "used_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "itp_review_link" add constraint "itp_review_link_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "itp_review_link_itp_id_created_at_index" on "itp_review_link" ("itp_id", "created_at");`,
    );

    this.addSql(
      `create table "itp_review" ("id" uuid not null, "project_id" uuid not null, "itp_id" uuid not null, "scope" text not null, "decision" text not null, "revision" int not null, "reviewer_id" uuid null, "reviewer_name" varchar(200) not null, "link_id" uuid null, "comment" text null, "signature" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "itp_review_itp_id_created_at_index" on "itp_review" ("itp_id", "created_at");`,
    );

    this.addSql(
      `create table "itp_item" ("id" uuid not null, "project_id" uuid not null, "itp_id" uuid not null, "position" int not null, "activity" varchar(500) not null, "inspection_point" text not null, "acceptance_criteria" text null, "verifying_document" varchar(500) null, "references" varchar(500) null, "method" varchar(500) null, "frequency" varchar(200) null, "inspection_key" varchar(100) null, "subcontractor_signature" boolean not null default false, "client_signature" boolean not null default false, "other_signature_role" varchar(100) null, primary key ("id"));`,
    );
    this.addSql(`create index "itp_item_itp_id_position_index" on "itp_item" ("itp_id", "position");`);

    this.addSql(
      `create table "lot_item_check" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "item_id" uuid not null, "state" text not null default 'pending', "comment" text null, "checked_by_id" uuid null, "checked_at" timestamptz null, "subcontractor_signed_by_id" uuid null, "subcontractor_signed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_lot_id_item_id_unique" unique ("lot_id", "item_id");`,
    );

    this.addSql(
      `alter table "lot" add constraint "lot_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_subcontractor_id_foreign" foreign key ("subcontractor_id") references "company" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_status_check" check ("status" in ('open', 'active', 'guaranteed', 'non_conforming', 'confirming', 'closed', 'cancelled'));`,
    );
    this.addSql(
      `alter table "lot" add constraint "lot_sub_status_check" check ("sub_status" in ('work_started', 'completed_pending_records', 'engineer_review', 'engineer_rejected', 'qa_review', 'qa_returned', 'qa_approved', 'external_review', 'external_approved', 'external_rejected'));`,
    );

    this.addSql(
      `alter table "lot_relation" add constraint "lot_relation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_relation" add constraint "lot_relation_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_relation" add constraint "lot_relation_related_id_foreign" foreign key ("related_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_relation" add constraint "lot_relation_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "lot_equipment" add constraint "lot_equipment_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_equipment" add constraint "lot_equipment_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "lot_dti_audit" add constraint "lot_dti_audit_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_dti_audit" add constraint "lot_dti_audit_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_dti_audit" add constraint "lot_dti_audit_signed_by_id_foreign" foreign key ("signed_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "itp_template" add constraint "itp_template_source_project_id_foreign" foreign key ("source_project_id") references "project" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp_template" add constraint "itp_template_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "itp" add constraint "itp_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp" add constraint "itp_submitted_by_id_foreign" foreign key ("submitted_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp" add constraint "itp_template_id_foreign" foreign key ("template_id") references "itp_template" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp" add constraint "itp_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp" add constraint "itp_status_check" check ("status" in ('draft', 'internal_review', 'external_review', 'active', 'rejected_by_quality', 'rejected_by_client', 'archived'));`,
    );

    this.addSql(
      `alter table "lot_itp" add constraint "lot_itp_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_itp" add constraint "lot_itp_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_itp" add constraint "lot_itp_itp_id_foreign" foreign key ("itp_id") references "itp" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "lot_itp" add constraint "lot_itp_assigned_by_id_foreign" foreign key ("assigned_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "itp_review_link" add constraint "itp_review_link_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp_review_link" add constraint "itp_review_link_itp_id_foreign" foreign key ("itp_id") references "itp" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp_review_link" add constraint "itp_review_link_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp_review_link" add constraint "itp_review_link_scope_check" check ("scope" in ('INTERNAL', 'EXTERNAL'));`,
    );

    this.addSql(
      `alter table "itp_review" add constraint "itp_review_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp_review" add constraint "itp_review_itp_id_foreign" foreign key ("itp_id") references "itp" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp_review" add constraint "itp_review_reviewer_id_foreign" foreign key ("reviewer_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp_review" add constraint "itp_review_link_id_foreign" foreign key ("link_id") references "itp_review_link" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "itp_review" add constraint "itp_review_scope_check" check ("scope" in ('INTERNAL', 'EXTERNAL'));`,
    );
    this.addSql(
      `alter table "itp_review" add constraint "itp_review_decision_check" check ("decision" in ('approved', 'rejected'));`,
    );

    this.addSql(
      `alter table "itp_item" add constraint "itp_item_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp_item" add constraint "itp_item_itp_id_foreign" foreign key ("itp_id") references "itp" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "itp_item" add constraint "itp_item_inspection_point_check" check ("inspection_point" in ('A', 'B', 'C', 'D', 'E', 'H', 'I', 'M', 'O', 'R', 'S', 'V', 'W'));`,
    );

    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_item_id_foreign" foreign key ("item_id") references "itp_item" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_checked_by_id_foreign" foreign key ("checked_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_subcontractor_signed_by_id_foreign" foreign key ("subcontractor_signed_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot_item_check" add constraint "lot_item_check_state_check" check ("state" in ('pending', 'conforming', 'non_conforming', 'not_applicable'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "lot_relation" drop constraint "lot_relation_lot_id_foreign";`);
    this.addSql(`alter table "lot_relation" drop constraint "lot_relation_related_id_foreign";`);
    this.addSql(`alter table "lot_equipment" drop constraint "lot_equipment_lot_id_foreign";`);
    this.addSql(`alter table "lot_dti_audit" drop constraint "lot_dti_audit_lot_id_foreign";`);
    this.addSql(`alter table "lot_itp" drop constraint "lot_itp_lot_id_foreign";`);
    this.addSql(`alter table "lot_item_check" drop constraint "lot_item_check_lot_id_foreign";`);
    this.addSql(`alter table "itp" drop constraint "itp_template_id_foreign";`);
    this.addSql(`alter table "lot_itp" drop constraint "lot_itp_itp_id_foreign";`);
    this.addSql(`alter table "itp_review_link" drop constraint "itp_review_link_itp_id_foreign";`);
    this.addSql(`alter table "itp_review" drop constraint "itp_review_itp_id_foreign";`);
    this.addSql(`alter table "itp_item" drop constraint "itp_item_itp_id_foreign";`);
    this.addSql(`alter table "itp_review" drop constraint "itp_review_link_id_foreign";`);
    this.addSql(`alter table "lot_item_check" drop constraint "lot_item_check_item_id_foreign";`);

    this.addSql(`drop table if exists "lot" cascade;`);
    this.addSql(`drop table if exists "lot_relation" cascade;`);
    this.addSql(`drop table if exists "lot_equipment" cascade;`);
    this.addSql(`drop table if exists "lot_dti_audit" cascade;`);
    this.addSql(`drop table if exists "itp_template" cascade;`);
    this.addSql(`drop table if exists "itp" cascade;`);
    this.addSql(`drop table if exists "lot_itp" cascade;`);
    this.addSql(`drop table if exists "itp_review_link" cascade;`);
    this.addSql(`drop table if exists "itp_review" cascade;`);
    this.addSql(`drop table if exists "itp_item" cascade;`);
    this.addSql(`drop table if exists "lot_item_check" cascade;`);
  }
}
