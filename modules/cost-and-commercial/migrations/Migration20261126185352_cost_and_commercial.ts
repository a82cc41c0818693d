import { Migration } from "@mikro-orm/migrations";

export class Migration20261126185352_cost_and_commercial extends Migration {
  override name = "Migration20261126185352_cost_and_commercial";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "indirect_cost" ("id" uuid not null, "project_id" uuid not null, "category" varchar(100) not null, "description" varchar(300) not null, "month" date not null, "budget_cents" bigint not null default '0', "actual_cents" bigint not null default '0', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "indirect_cost_project_id_month_index" on "indirect_cost" ("project_id", "month");`,
    );

    this.addSql(
      `create table "cost_package" ("id" uuid not null, "project_id" uuid not null, "package_type" varchar(20) not null, "external_id" varchar(100) not null, "code" varchar(100) not null, "name" varchar(300) not null, "amount_cents" bigint not null default '0', "synced_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "cost_package" add constraint "cost_package_project_id_package_type_external_id_unique" unique ("project_id", "package_type", "external_id");`,
    );

    this.addSql(
      `create table "subcontract" ("id" uuid not null, "project_id" uuid not null, "code" varchar(50) not null, "title" varchar(200) not null, "company_id" uuid not null, "type" text not null, "contract_sum_cents" bigint not null default '0', "status" text not null default 'draft', "jurisdiction" text not null default 'NSW', "retention_basis_points" int not null default 0, "retention_cap_cents" bigint null, "payment_schedule_days" int null, "payment_days" int null, "start_date" date null, "completion_date" date null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "subcontract_project_id_company_id_index" on "subcontract" ("project_id", "company_id");`,
    );
    this.addSql(
      `alter table "subcontract" add constraint "subcontract_project_id_code_unique" unique ("project_id", "code");`,
    );

    this.addSql(
      `create table "supplier_security" ("id" uuid not null, "project_id" uuid not null, "subcontract_id" uuid not null, "kind" text not null, "reference" varchar(100) not null, "issuer" varchar(200) null, "amount_cents" bigint not null default '0', "issue_date" date null, "expiry_date" date null, "released_on" date null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "supplier_security_project_id_expiry_date_index" on "supplier_security" ("project_id", "expiry_date");`,
    );

    this.addSql(
      `create table "subcontract_claim" ("id" uuid not null, "project_id" uuid not null, "subcontract_id" uuid not null, "number" int not null, "billing_period_end" date not null, "invoice_number" varchar(50) null, "invoice_date" date null, "status" text not null default 'draft', "dockets_cents" bigint not null default '0', "other_work_cents" bigint not null default '0', "variations_cents" bigint not null default '0', "back_charges_cents" bigint not null default '0', "claimed_cents" bigint not null default '0', "certified_cents" bigint null, "retention_held_cents" bigint not null default '0', "received_on" date null, "payment_schedule_due_on" date null, "payment_due_on" date null, "paid_on" date null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "subcontract_claim_project_id_status_payment_due_on_index" on "subcontract_claim" ("project_id", "status", "payment_due_on");`,
    );
    this.addSql(
      `alter table "subcontract_claim" add constraint "subcontract_claim_subcontract_id_number_unique" unique ("subcontract_id", "number");`,
    );

    this.addSql(
      `create table "subcontract_variation" ("id" uuid not null, "project_id" uuid not null, "subcontract_id" uuid not null, "number" varchar(20) not null, "title" varchar(200) not null, "amount_cents" bigint not null default '0', "status" text not null default 'draft', "submitted_on" date null, "approved_on" date null, "claim_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "subcontract_variation" add constraint "subcontract_variation_subcontract_id_number_unique" unique ("subcontract_id", "number");`,
    );

    this.addSql(
      `create table "back_charge" ("id" uuid not null, "project_id" uuid not null, "subcontract_id" uuid not null, "number" varchar(20) not null, "description" text not null, "amount_cents" bigint not null default '0', "raised_on" date not null, "status" text not null default 'draft', "claim_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "back_charge" add constraint "back_charge_subcontract_id_number_unique" unique ("subcontract_id", "number");`,
    );

    this.addSql(
      `create table "head_contract" ("id" uuid not null, "project_id" uuid not null, "code" varchar(50) not null, "description" text not null, "client" varchar(200) not null, "type" text not null, "contract_sum_cents" bigint not null default '0', "status" text not null default 'draft', "jurisdiction" text not null default 'NSW', "retention_basis_points" int not null default 0, "payment_schedule_days" int null, "payment_days" int null, "start_date" date null, "completion_date" date null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "head_contract" add constraint "head_contract_project_id_code_unique" unique ("project_id", "code");`,
    );

    this.addSql(
      `create table "revenue_month" ("id" uuid not null, "project_id" uuid not null, "head_contract_id" uuid not null, "month" date not null, "forecast_cents" bigint not null default '0', "actual_cents" bigint not null default '0', "notes" text null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "revenue_month" add constraint "revenue_month_head_contract_id_month_unique" unique ("head_contract_id", "month");`,
    );

    this.addSql(
      `create table "request_for_approval" ("id" uuid not null, "project_id" uuid not null, "head_contract_id" uuid not null, "number" varchar(20) not null, "title" varchar(200) not null, "description" text null, "amount_cents" bigint null, "status" text not null default 'draft', "submitted_on" date null, "response_due_on" date null, "response" text null, "responded_on" date null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "request_for_approval" add constraint "request_for_approval_head_contract_id_number_unique" unique ("head_contract_id", "number");`,
    );

    this.addSql(
      `create table "head_contract_claim" ("id" uuid not null, "project_id" uuid not null, "head_contract_id" uuid not null, "number" int not null, "billing_period_start" date not null, "billing_period_end" date not null, "status" text not null default 'draft', "scheduled_value_cents" bigint not null default '0', "work_completed_cents" bigint not null default '0', "current_payment_due_cents" bigint not null default '0', "balance_cents" bigint not null default '0', "grand_total_cents" bigint not null default '0', "submitted_on" date null, "payment_schedule_due_on" date null, "payment_due_on" date null, "scheduled_amount_cents" bigint null, "schedule_received_on" date null, "paid_on" date null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "head_contract_claim_project_id_status_payment_due_on_index" on "head_contract_claim" ("project_id", "status", "payment_due_on");`,
    );
    this.addSql(
      `alter table "head_contract_claim" add constraint "head_contract_claim_head_contract_id_number_unique" unique ("head_contract_id", "number");`,
    );

    this.addSql(
      `create table "email_template" ("id" uuid not null, "project_id" uuid not null, "name" varchar(200) not null, "subject" varchar(300) not null, "body" text not null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "email_template" add constraint "email_template_project_id_name_unique" unique ("project_id", "name");`,
    );

    this.addSql(
      `create table "contract_reminder" ("id" uuid not null, "project_id" uuid not null, "side" text not null, "head_contract_id" uuid null, "subcontract_id" uuid null, "number" varchar(20) not null, "title" varchar(200) not null, "start_date" date not null, "end_date" date null, "status" text not null default 'active', "recurrence" varchar(500) null, "lead_days" int not null default 0, "email_template_id" uuid null, "document_template" varchar(200) null, "recipients" jsonb not null, "last_sent_for" date null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "contract_reminder_project_id_status_index" on "contract_reminder" ("project_id", "status");`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "compliance_document" ("id" uuid not null, "project_id" uuid not null, "head_contract_id" uuid not null, "name" varchar(200) not null, "description" text null, "key_dates" jsonb not null, "attachment_id" uuid null, "uploaded_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "compliance_document_head_contract_id_created_at_index" on "compliance_document" ("head_contract_id", "created_at");`,
    );

    this.addSql(
      `create table "commercial_calendar" ("id" uuid not null, "project_id" uuid not null, "side" text not null, "name" varchar(200) not null, "file_name" varchar(255) not null, "visible" boolean not null default true, "colour" varchar(20) null, "imported_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "calendar_task" ("id" uuid not null, "project_id" uuid not null, "side" text not null, "calendar_id" uuid null, "task" varchar(200) not null, "description" text null, "responsible_id" uuid null, "collaborator_ids" jsonb not null, "start_date" date not null, "due_date" date not null, "package_name" varchar(300) null, "package_type" varchar(50) null, "contract_obligations" text null, "notes" text null, "status" text not null default 'open', "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "calendar_task_project_id_side_due_date_index" on "calendar_task" ("project_id", "side", "due_date");`,
    );
    this.addSql(
      `create index "calendar_task_project_id_start_date_index" on "calendar_task" ("project_id", "start_date");`,
    );

    this.addSql(
      `alter table "indirect_cost" add constraint "indirect_cost_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "cost_package" add constraint "cost_package_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "subcontract" add constraint "subcontract_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subcontract" add constraint "subcontract_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "subcontract" add constraint "subcontract_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "subcontract" add constraint "subcontract_type_check" check ("type" in ('lump_sum', 'schedule_of_rates', 'design_and_construct', 'cost_plus', 'supply_only', 'other'));`,
    );
    this.addSql(
      `alter table "subcontract" add constraint "subcontract_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'revise_and_resubmit', 'approved', 'executed', 'reject', 'void'));`,
    );
    this.addSql(
      `alter table "subcontract" add constraint "subcontract_jurisdiction_check" check ("jurisdiction" in ('NSW', 'QLD', 'none'));`,
    );

    this.addSql(
      `alter table "supplier_security" add constraint "supplier_security_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "supplier_security" add constraint "supplier_security_subcontract_id_foreign" foreign key ("subcontract_id") references "subcontract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "supplier_security" add constraint "supplier_security_kind_check" check ("kind" in ('bank_guarantee', 'insurance_bond', 'cash_retention', 'parent_guarantee'));`,
    );

    this.addSql(
      `alter table "subcontract_claim" add constraint "subcontract_claim_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subcontract_claim" add constraint "subcontract_claim_subcontract_id_foreign" foreign key ("subcontract_id") references "subcontract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subcontract_claim" add constraint "subcontract_claim_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "subcontract_claim" add constraint "subcontract_claim_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'revise_and_resubmit', 'approved', 'executed', 'reject', 'void'));`,
    );

    this.addSql(
      `alter table "subcontract_variation" add constraint "subcontract_variation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subcontract_variation" add constraint "subcontract_variation_subcontract_id_foreign" foreign key ("subcontract_id") references "subcontract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "subcontract_variation" add constraint "subcontract_variation_claim_id_foreign" foreign key ("claim_id") references "subcontract_claim" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "subcontract_variation" add constraint "subcontract_variation_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'revise_and_resubmit', 'approved', 'executed', 'reject', 'void'));`,
    );

    this.addSql(
      `alter table "back_charge" add constraint "back_charge_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "back_charge" add constraint "back_charge_subcontract_id_foreign" foreign key ("subcontract_id") references "subcontract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "back_charge" add constraint "back_charge_claim_id_foreign" foreign key ("claim_id") references "subcontract_claim" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "back_charge" add constraint "back_charge_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'revise_and_resubmit', 'approved', 'executed', 'reject', 'void'));`,
    );

    this.addSql(
      `alter table "head_contract" add constraint "head_contract_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "head_contract" add constraint "head_contract_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "head_contract" add constraint "head_contract_type_check" check ("type" in ('lump_sum', 'schedule_of_rates', 'design_and_construct', 'cost_plus', 'supply_only', 'other'));`,
    );
    this.addSql(
      `alter table "head_contract" add constraint "head_contract_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'revise_and_resubmit', 'approved', 'executed', 'reject', 'void'));`,
    );
    this.addSql(
      `alter table "head_contract" add constraint "head_contract_jurisdiction_check" check ("jurisdiction" in ('NSW', 'QLD', 'none'));`,
    );

    this.addSql(
      `alter table "revenue_month" add constraint "revenue_month_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "revenue_month" add constraint "revenue_month_head_contract_id_foreign" foreign key ("head_contract_id") references "head_contract" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "request_for_approval" add constraint "request_for_approval_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "request_for_approval" add constraint "request_for_approval_head_contract_id_foreign" foreign key ("head_contract_id") references "head_contract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "request_for_approval" add constraint "request_for_approval_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "request_for_approval" add constraint "request_for_approval_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'answered', 'rejected', 'closed', 'void'));`,
    );

    this.addSql(
      `alter table "head_contract_claim" add constraint "head_contract_claim_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "head_contract_claim" add constraint "head_contract_claim_head_contract_id_foreign" foreign key ("head_contract_id") references "head_contract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "head_contract_claim" add constraint "head_contract_claim_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "head_contract_claim" add constraint "head_contract_claim_status_check" check ("status" in ('draft', 'open', 'submitted', 'in_review', 'revise_and_resubmit', 'approved', 'executed', 'reject', 'void'));`,
    );

    this.addSql(
      `alter table "email_template" add constraint "email_template_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "email_template" add constraint "email_template_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_head_contract_id_foreign" foreign key ("head_contract_id") references "head_contract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_subcontract_id_foreign" foreign key ("subcontract_id") references "subcontract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_email_template_id_foreign" foreign key ("email_template_id") references "email_template" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_side_check" check ("side" in ('upstream', 'downstream'));`,
    );
    this.addSql(
      `alter table "contract_reminder" add constraint "contract_reminder_status_check" check ("status" in ('active', 'paused', 'completed'));`,
    );

    this.addSql(
      `alter table "compliance_document" add constraint "compliance_document_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "compliance_document" add constraint "compliance_document_head_contract_id_foreign" foreign key ("head_contract_id") references "head_contract" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "compliance_document" add constraint "compliance_document_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "commercial_calendar" add constraint "commercial_calendar_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "commercial_calendar" add constraint "commercial_calendar_imported_by_id_foreign" foreign key ("imported_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "commercial_calendar" add constraint "commercial_calendar_side_check" check ("side" in ('upstream', 'downstream'));`,
    );

    this.addSql(
      `alter table "calendar_task" add constraint "calendar_task_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "calendar_task" add constraint "calendar_task_calendar_id_foreign" foreign key ("calendar_id") references "commercial_calendar" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "calendar_task" add constraint "calendar_task_responsible_id_foreign" foreign key ("responsible_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "calendar_task" add constraint "calendar_task_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "calendar_task" add constraint "calendar_task_side_check" check ("side" in ('upstream', 'downstream'));`,
    );
    this.addSql(
      `alter table "calendar_task" add constraint "calendar_task_status_check" check ("status" in ('open', 'in_progress', 'done'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "supplier_security" drop constraint "supplier_security_subcontract_id_foreign";`,
    );
    this.addSql(
      `alter table "subcontract_claim" drop constraint "subcontract_claim_subcontract_id_foreign";`,
    );
    this.addSql(
      `alter table "subcontract_variation" drop constraint "subcontract_variation_subcontract_id_foreign";`,
    );
    this.addSql(`alter table "back_charge" drop constraint "back_charge_subcontract_id_foreign";`);
    this.addSql(
      `alter table "contract_reminder" drop constraint "contract_reminder_subcontract_id_foreign";`,
    );
    this.addSql(
      `alter table "subcontract_variation" drop constraint "subcontract_variation_claim_id_foreign";`,
    );
    this.addSql(`alter table "back_charge" drop constraint "back_charge_claim_id_foreign";`);
    this.addSql(`alter table "revenue_month" drop constraint "revenue_month_head_contract_id_foreign";`);
    this.addSql(
      `alter table "request_for_approval" drop constraint "request_for_approval_head_contract_id_foreign";`,
    );
    this.addSql(
      `alter table "head_contract_claim" drop constraint "head_contract_claim_head_contract_id_foreign";`,
    );
    this.addSql(
      `alter table "contract_reminder" drop constraint "contract_reminder_head_contract_id_foreign";`,
    );
    this.addSql(
      `alter table "compliance_document" drop constraint "compliance_document_head_contract_id_foreign";`,
    );
    this.addSql(
      `alter table "contract_reminder" drop constraint "contract_reminder_email_template_id_foreign";`,
    );
    this.addSql(`alter table "calendar_task" drop constraint "calendar_task_calendar_id_foreign";`);

    this.addSql(`drop table if exists "indirect_cost" cascade;`);
    this.addSql(`drop table if exists "cost_package" cascade;`);
    this.addSql(`drop table if exists "subcontract" cascade;`);
    this.addSql(`drop table if exists "supplier_security" cascade;`);
    this.addSql(`drop table if exists "subcontract_claim" cascade;`);
    this.addSql(`drop table if exists "subcontract_variation" cascade;`);
    this.addSql(`drop table if exists "back_charge" cascade;`);
    this.addSql(`drop table if exists "head_contract" cascade;`);
    this.addSql(`drop table if exists "revenue_month" cascade;`);
    this.addSql(`drop table if exists "request_for_approval" cascade;`);
    this.addSql(`drop table if exists "head_contract_claim" cascade;`);
    this.addSql(`drop table if exists "email_template" cascade;`);
    this.addSql(`drop table if exists "contract_reminder" cascade;`);
    this.addSql(`drop table if exists "compliance_document" cascade;`);
    this.addSql(`drop table if exists "commercial_calendar" cascade;`);
    this.addSql(`drop table if exists "calendar_task" cascade;`);
  }
}
