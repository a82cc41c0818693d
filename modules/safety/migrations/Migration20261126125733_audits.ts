import { Migration } from "@mikro-orm/migrations";

export class Migration20261126125733_audits extends Migration {
  override name = "Migration20261126125733_audits";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_audit_schedule" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "kind" text not null, "task" varchar(200) not null, "zone" varchar(100) null, "location_id" uuid null, "work_package" varchar(100) null, "estimated_start_date" date null, "estimated_end_date" date null, "start_date" date null, "completion_date" date null, "report_due_date" date null, "tss_reading" varchar(100) null, "internal_reference_number" varchar(100) null, "physical_work_percentage" int null, "status" text not null default 'pending_assessment', "lead_auditor_id" uuid null, "responsible_person_id" uuid null, "completed_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_audit_schedule_search_trgm_index" on "safety_audit_schedule" using gin ((("number")::text || ' ' || ("task")::text || ' ' || coalesce("internal_reference_number", '')::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_sequence_index" on "safety_audit_schedule" ("project_id", "kind", "sequence");`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_status_sequence_index" on "safety_audit_schedule" ("project_id", "kind", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_location_id_index" on "safety_audit_schedule" ("project_id", "kind", "location_id");`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_lead_auditor_8b6ae_index" on "safety_audit_schedule" ("project_id", "kind", "lead_auditor_id", "status");`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_responsible__882c6_index" on "safety_audit_schedule" ("project_id", "kind", "responsible_person_id");`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_estimated_st_abbaa_index" on "safety_audit_schedule" ("project_id", "kind", "estimated_start_date", "sequence");`,
    );
    this.addSql(
      `create index "safety_audit_schedule_project_id_kind_created_by_id_index" on "safety_audit_schedule" ("project_id", "kind", "created_by_id");`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_audit_member" ("id" uuid not null, "project_id" uuid not null, "schedule_id" uuid not null, "user_id" uuid not null, "role" text not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_audit_member_user_id_schedule_id_index" on "safety_audit_member" ("user_id", "schedule_id");`,
    );
    this.addSql(
      `alter table "safety_audit_member" add constraint "safety_audit_member_schedule_id_user_id_role_unique" unique ("schedule_id", "user_id", "role");`,
    );

    this.addSql(
      `create table "safety_audit_assessment" ("id" uuid not null, "project_id" uuid not null, "schedule_id" uuid not null, "location_id" uuid not null, "status" text not null default 'draft', "summary" text null, "assessed_on" date null, "submitted_at" timestamptz null, "decided_at" timestamptz null, "decided_by_id" uuid null, "review_comment" text null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_schedule_id_location_id_unique" unique ("schedule_id", "location_id");`,
    );

    this.addSql(
      `create table "safety_audit_criterion" ("id" uuid not null, "project_id" uuid not null, "assessment_id" uuid not null, "position" int not null, "title" varchar(200) not null, "requirement" text null, "result" text not null, "comment" text null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_audit_criterion_assessment_id_position_index" on "safety_audit_criterion" ("assessment_id", "position");`,
    );

    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_lead_auditor_id_foreign" foreign key ("lead_auditor_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_responsible_person_id_foreign" foreign key ("responsible_person_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_kind_check" check ("kind" in ('audit', 'inspection'));`,
    );
    this.addSql(
      `alter table "safety_audit_schedule" add constraint "safety_audit_schedule_status_check" check ("status" in ('pending_assessment', 'pending_compilation', 'completed', 'cancelled'));`,
    );

    this.addSql(
      `alter table "safety_audit_member" add constraint "safety_audit_member_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_member" add constraint "safety_audit_member_schedule_id_foreign" foreign key ("schedule_id") references "safety_audit_schedule" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_member" add constraint "safety_audit_member_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_member" add constraint "safety_audit_member_role_check" check ("role" in ('auditor', 'pdp_representative'));`,
    );

    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_schedule_id_foreign" foreign key ("schedule_id") references "safety_audit_schedule" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" add constraint "safety_audit_assessment_status_check" check ("status" in ('draft', 'pending_approval', 'pending_amendment', 'approved', 'rejected'));`,
    );

    this.addSql(
      `alter table "safety_audit_criterion" add constraint "safety_audit_criterion_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_criterion" add constraint "safety_audit_criterion_assessment_id_foreign" foreign key ("assessment_id") references "safety_audit_assessment" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_audit_criterion" add constraint "safety_audit_criterion_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_audit_criterion" add constraint "safety_audit_criterion_result_check" check ("result" in ('compliant', 'non_compliant', 'not_applicable'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "safety_audit_member" drop constraint "safety_audit_member_schedule_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_audit_assessment" drop constraint "safety_audit_assessment_schedule_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_audit_criterion" drop constraint "safety_audit_criterion_assessment_id_foreign";`,
    );

    this.addSql(`drop table if exists "safety_audit_schedule" cascade;`);
    this.addSql(`drop table if exists "safety_audit_member" cascade;`);
    this.addSql(`drop table if exists "safety_audit_assessment" cascade;`);
    this.addSql(`drop table if exists "safety_audit_criterion" cascade;`);
  }
}
