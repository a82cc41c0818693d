import { Migration } from "@mikro-orm/migrations";

export class Migration20261126054835_incidents extends Migration {
  override name = "Migration20261126054835_incidents";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_incident_reference_item" ("id" uuid not null, "project_id" uuid not null, "category" text not null, "label" varchar(200) not null, "label_key" varchar(200) not null, "sort_order" int not null default 0, "archived" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_reference_item_project_id_category_cb879_index" on "safety_incident_reference_item" ("project_id", "category", "sort_order");`,
    );
    this.addSql(
      `alter table "safety_incident_reference_item" add constraint "safety_incident_reference_item_project_id_categor_adfd4_unique" unique ("project_id", "category", "label_key");`,
    );

    this.addSql(
      `create table "safety_incident" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "title" varchar(200) not null, "status" text not null default 'RAISED', "occurred_at" timestamptz not null, "location_id" uuid null, "description" text null, "impact_areas" jsonb not null, "reporter_id" uuid null, "she_person_id" uuid null, "locked" boolean not null default false, "rail_category" varchar(200) null, "rail_cause" varchar(200) null, "rail_immediate_action" text null, "rail_notification_details" varchar(200) null, "rail_description" text null, "security_description" text null, "security_immediate_action" text null, "security_police_report_number" varchar(50) null, "hazard_report_type" varchar(200) null, "hazard_source" varchar(200) null, "hazard_potential_actual" varchar(200) null, "hazard_plant_damage_location" varchar(200) null, "hazard_details" text null, "hazard_immediate_action" text null, "peepo_people" text null, "peepo_environment" text null, "peepo_equipment" text null, "peepo_procedures" text null, "peepo_organisation" text null, "root_cause" text null, "report_completed_by_id" uuid null, "reviewed_by_id" uuid null, "reviewer_role" text null, "sign_off_comment" text null, "signature" text null, "signed_on" date null, "submitted_at" timestamptz null, "evaluated_at" timestamptz null, "investigated_at" timestamptz null, "closed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_search_trgm_index" on "safety_incident" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_incident_project_id_sequence_index" on "safety_incident" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_incident_project_id_status_sequence_index" on "safety_incident" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_incident_project_id_reporter_id_index" on "safety_incident" ("project_id", "reporter_id");`,
    );
    this.addSql(
      `create index "safety_incident_project_id_she_person_id_index" on "safety_incident" ("project_id", "she_person_id");`,
    );
    this.addSql(
      `create index "safety_incident_project_id_occurred_at_index" on "safety_incident" ("project_id", "occurred_at");`,
    );
    this.addSql(
      `create index "safety_incident_project_id_location_id_index" on "safety_incident" ("project_id", "location_id");`,
    );
    this.addSql(
      `create index "safety_incident_impact_areas_index" on "safety_incident" using gin ("impact_areas" jsonb_path_ops);`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_incident_witness" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "full_name" varchar(200) not null, "contact" varchar(200) null, "company" varchar(200) null, "statement" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_witness_incident_id_index" on "safety_incident_witness" ("incident_id");`,
    );

    this.addSql(
      `create table "safety_incident_victim" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "full_name" varchar(200) not null, "contact" varchar(200) null, "company" varchar(200) null, "harm" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_victim_incident_id_index" on "safety_incident_victim" ("incident_id");`,
    );

    this.addSql(
      `create table "safety_incident_injured_person" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "full_name" varchar(200) not null, "employer" varchar(200) null, "employment_status" text null, "date_of_birth" date null, "age" int null, "occupation" varchar(200) null, "supervisor" varchar(200) null, "body_part" varchar(200) null, "injury_description" text null, "classification" text not null, "nature" varchar(200) null, "mechanism" varchar(200) null, "agency" varchar(200) null, "shift_portion" text null, "days_lost" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_injured_person_incident_id_index" on "safety_incident_injured_person" ("incident_id");`,
    );
    this.addSql(
      `create index "safety_incident_injured_person_project_id_classification_index" on "safety_incident_injured_person" ("project_id", "classification");`,
    );

    this.addSql(
      `create table "safety_incident_factor" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "cause_group" text not null, "description" text not null, "sort_order" int not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_factor_incident_id_sort_order_index" on "safety_incident_factor" ("incident_id", "sort_order");`,
    );

    this.addSql(
      `create table "safety_incident_event" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "sort_order" int not null, "time_label" varchar(50) null, "description" text not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_event_incident_id_sort_order_index" on "safety_incident_event" ("incident_id", "sort_order");`,
    );

    this.addSql(
      `create table "safety_incident_drug_test" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "member_id" uuid null, "member_name" varchar(200) not null, "position" varchar(200) null, "company" varchar(200) null, "tested_on" date null, "drug_detected" varchar(200) null, "reason_for_test" varchar(200) null, "initial_bac" numeric(5,3) null, "secondary_bac" numeric(5,3) null, "additional_information" text null, "prescription_medication" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_drug_test_incident_id_index" on "safety_incident_drug_test" ("incident_id");`,
    );

    this.addSql(
      `create table "safety_incident_corrective_action" ("id" uuid not null, "project_id" uuid not null, "incident_id" uuid not null, "sort_order" int not null, "description" varchar(200) not null, "responsible_id" uuid null, "due_date" date null, "action_id" uuid null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_incident_corrective_action_incident_id_sort_order_index" on "safety_incident_corrective_action" ("incident_id", "sort_order");`,
    );

    this.addSql(
      `alter table "safety_incident_reference_item" add constraint "safety_incident_reference_item_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_reference_item" add constraint "safety_incident_reference_item_category_check" check ("category" in ('RAIL_CATEGORIES', 'RAIL_CAUSE', 'RAIL_NOTIFICATIONS_DETAILS', 'DRUG_DETECTED', 'DRUG_REASON_FOR_TEST', 'LOCATION_OF_DAMAGE_TO_PLANT', 'REPORT_TYPE', 'SOURCE_HAZARDS', 'POTENTIAL_ACTUAL_HAZARDS'));`,
    );

    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_reporter_id_foreign" foreign key ("reporter_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_she_person_id_foreign" foreign key ("she_person_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_report_completed_by_id_foreign" foreign key ("report_completed_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_status_check" check ("status" in ('RAISED', 'EVALUATION_BY_SHE_PERSONNEL', 'INVESTIGATION', 'SIGN_OFF', 'CLOSED'));`,
    );
    this.addSql(
      `alter table "safety_incident" add constraint "safety_incident_reviewer_role_check" check ("reviewer_role" in ('hsse_manager', 'regional_hsse_manager', 'project_manager', 'regional_general_manager', 'national_sustainability_environment_manager', 'general_hsse_manager', 'ceo', 'environmental_manager', 'regional_environmental_manager', 'general_environmental_manager'));`,
    );

    this.addSql(
      `alter table "safety_incident_witness" add constraint "safety_incident_witness_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_witness" add constraint "safety_incident_witness_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "safety_incident_victim" add constraint "safety_incident_victim_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_victim" add constraint "safety_incident_victim_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "safety_incident_injured_person" add constraint "safety_incident_injured_person_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_injured_person" add constraint "safety_incident_injured_person_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_injured_person" add constraint "safety_incident_injured_person_employment_status_check" check ("employment_status" in ('employee', 'contractor', 'subcontractor', 'labour_hire', 'visitor', 'member_of_public'));`,
    );
    this.addSql(
      `alter table "safety_incident_injured_person" add constraint "safety_incident_injured_person_classification_check" check ("classification" in ('fatality', 'lti', 'mti', 'rwi', 'first_aid', 'near_miss'));`,
    );
    this.addSql(
      `alter table "safety_incident_injured_person" add constraint "safety_incident_injured_person_shift_portion_check" check ("shift_portion" in ('first_quarter', 'second_quarter', 'third_quarter', 'fourth_quarter', 'overtime'));`,
    );

    this.addSql(
      `alter table "safety_incident_factor" add constraint "safety_incident_factor_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_factor" add constraint "safety_incident_factor_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_factor" add constraint "safety_incident_factor_cause_group_check" check ("cause_group" in ('FAILED_DEFENCES', 'INDIVIDUAL_TEAM_ACTIONS', 'TASK_ENVIRONMENT_CONDITIONS', 'HUMAN_FACTORS', 'ORGANISATION_FACTORS'));`,
    );

    this.addSql(
      `alter table "safety_incident_event" add constraint "safety_incident_event_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_event" add constraint "safety_incident_event_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "safety_incident_drug_test" add constraint "safety_incident_drug_test_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_drug_test" add constraint "safety_incident_drug_test_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_drug_test" add constraint "safety_incident_drug_test_member_id_foreign" foreign key ("member_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "safety_incident_corrective_action" add constraint "safety_incident_corrective_action_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_corrective_action" add constraint "safety_incident_corrective_action_incident_id_foreign" foreign key ("incident_id") references "safety_incident" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_incident_corrective_action" add constraint "safety_incident_corrective_action_responsible_id_foreign" foreign key ("responsible_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "safety_incident_witness" drop constraint "safety_incident_witness_incident_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_incident_victim" drop constraint "safety_incident_victim_incident_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_incident_injured_person" drop constraint "safety_incident_injured_person_incident_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_incident_factor" drop constraint "safety_incident_factor_incident_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_incident_event" drop constraint "safety_incident_event_incident_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_incident_drug_test" drop constraint "safety_incident_drug_test_incident_id_foreign";`,
    );
    this.addSql(
      `alter table "safety_incident_corrective_action" drop constraint "safety_incident_corrective_action_incident_id_foreign";`,
    );

    this.addSql(`drop table if exists "safety_incident_reference_item" cascade;`);
    this.addSql(`drop table if exists "safety_incident" cascade;`);
    this.addSql(`drop table if exists "safety_incident_witness" cascade;`);
    this.addSql(`drop table if exists "safety_incident_victim" cascade;`);
    this.addSql(`drop table if exists "safety_incident_injured_person" cascade;`);
    this.addSql(`drop table if exists "safety_incident_factor" cascade;`);
    this.addSql(`drop table if exists "safety_incident_event" cascade;`);
    this.addSql(`drop table if exists "safety_incident_drug_test" cascade;`);
    this.addSql(`drop table if exists "safety_incident_corrective_action" cascade;`);
  }
}
