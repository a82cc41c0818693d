import { Migration } from '@mikro-orm/migrations';

export class Migration20261122103129_init extends Migration {

  override name = 'Migration20261122103129_init';

  override up(): void | Promise<void> {
    this.addSql(`create table "company" ("id" uuid not null, "name" varchar(200) not null, "status" text not null default 'IN_PROGRESS', "trade" varchar(200) null, "erp_partner_company_id" varchar(100) null, "tax_id" varchar(50) null, "phone" varchar(40) null, "address" varchar(500) null, "country" varchar(100) null, "description" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "outbox_mail" ("id" uuid not null, "to" varchar(320) not null, "subject" varchar(255) not null, "text" text not null, "html" text null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "outbox_mail_to_index" on "outbox_mail" ("to");`);

    this.addSql(`create table "project" ("id" uuid not null, "name" varchar(200) not null, "number" varchar(50) not null, "language" varchar(8) not null default 'EN', "company_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "project_name_index" on "project" ("name");`);
    this.addSql(`alter table "project" add constraint "project_number_unique" unique ("number");`);

    this.addSql(`create table "project_counter" ("project_id" uuid not null, "kind" varchar(32) not null, "value" int not null default 0, primary key ("project_id", "kind"));`);

    this.addSql(`create table "project_module" ("id" uuid not null, "project_id" uuid not null, "module_id" varchar(64) not null, "enabled" boolean not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "project_module" add constraint "project_module_project_id_module_id_unique" unique ("project_id", "module_id");`);

    this.addSql(`create table "role" ("id" uuid not null, "name" varchar(120) not null, "kind" text not null default 'product', "scope" text not null default 'project', "project_id" uuid null, "full_access" boolean not null default false, "granted_actions" text[] not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "app_user" ("id" uuid not null, "email" varchar(320) not null, "name" varchar(200) not null, "password_hash" varchar(200) null, "is_super_admin" boolean not null default false, "is_active" boolean not null default true, "locale" varchar(8) null, "microsoft_subject" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);
    this.addSql(`alter table "app_user" add constraint "app_user_microsoft_subject_unique" unique ("microsoft_subject");`);

    this.addSql(`create table "app_session" ("id" uuid not null, "user_id" uuid not null, "current_project_id" uuid null, "selected_module" varchar(64) null, "remember" boolean not null default false, "expires_at" timestamptz not null, "user_agent" varchar(400) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "app_session_user_id_index" on "app_session" ("user_id");`);
    this.addSql(`create index "app_session_expires_at_index" on "app_session" ("expires_at");`);

    this.addSql(`create table "project_member" ("id" uuid not null, "project_id" uuid not null, "user_id" uuid not null, "role_id" uuid null, "acc_role_id" uuid null, "company_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "project_member_user_id_index" on "project_member" ("user_id");`);
    this.addSql(`alter table "project_member" add constraint "project_member_project_id_user_id_unique" unique ("project_id", "user_id");`);

    this.addSql(`create table "notification" ("id" uuid not null, "project_id" uuid null, "recipient_id" uuid not null, "event" varchar(100) not null, "title" varchar(255) not null, "body" text null, "link" varchar(500) null, "read_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "notification_recipient_id_read_at_created_at_index" on "notification" ("recipient_id", "read_at", "created_at");`);

    this.addSql(`create table "auth_token" ("id" uuid not null, "user_id" uuid not null, "kind" text not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "auth_token_user_id_index" on "auth_token" ("user_id");`);
    this.addSql(`alter table "auth_token" add constraint "auth_token_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "attachment" ("id" uuid not null, "project_id" uuid not null, "entity_type" varchar(64) not null, "entity_id" varchar(64) not null, "title" varchar(255) not null, "description" text null, "file_name" varchar(255) not null, "content_type" varchar(255) not null, "size" bigint not null, "storage_key" varchar(255) not null, "uploaded_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "attachment_project_id_entity_type_entity_id_index" on "attachment" ("project_id", "entity_type", "entity_id");`);

    this.addSql(`create table "activity_log" ("id" uuid not null, "project_id" uuid null, "actor_id" uuid null, "entity_type" varchar(64) not null, "entity_id" varchar(64) not null, "action" varchar(64) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "activity_log_entity_type_entity_id_created_at_index" on "activity_log" ("entity_type", "entity_id", "created_at");`);
    this.addSql(`create index "activity_log_project_id_created_at_index" on "activity_log" ("project_id", "created_at");`);

    this.addSql(`alter table "company" add constraint "company_status_check" check ("status" in ('IN_PROGRESS', 'IN_REVIEW', 'CLOSED'));`);

    this.addSql(`alter table "project" add constraint "project_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete set null;`);

    this.addSql(`alter table "project_counter" add constraint "project_counter_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(`alter table "project_module" add constraint "project_module_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);

    this.addSql(`alter table "role" add constraint "role_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "role" add constraint "role_kind_check" check ("kind" in ('product', 'acc'));`);
    this.addSql(`alter table "role" add constraint "role_scope_check" check ("scope" in ('project', 'global'));`);

    this.addSql(`alter table "app_session" add constraint "app_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "app_session" add constraint "app_session_current_project_id_foreign" foreign key ("current_project_id") references "project" ("id") on delete set null;`);

    this.addSql(`alter table "project_member" add constraint "project_member_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "project_member" add constraint "project_member_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "project_member" add constraint "project_member_role_id_foreign" foreign key ("role_id") references "role" ("id") on delete set null;`);
    this.addSql(`alter table "project_member" add constraint "project_member_acc_role_id_foreign" foreign key ("acc_role_id") references "role" ("id") on delete set null;`);
    this.addSql(`alter table "project_member" add constraint "project_member_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete set null;`);

    this.addSql(`alter table "notification" add constraint "notification_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "notification" add constraint "notification_recipient_id_foreign" foreign key ("recipient_id") references "app_user" ("id") on delete cascade;`);

    this.addSql(`alter table "auth_token" add constraint "auth_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "auth_token" add constraint "auth_token_kind_check" check ("kind" in ('reset', 'invite'));`);

    this.addSql(`alter table "attachment" add constraint "attachment_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "attachment" add constraint "attachment_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`alter table "activity_log" add constraint "activity_log_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "activity_log" add constraint "activity_log_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "project" drop constraint "project_company_id_foreign";`);
    this.addSql(`alter table "project_member" drop constraint "project_member_company_id_foreign";`);
    this.addSql(`alter table "project_counter" drop constraint "project_counter_project_id_foreign";`);
    this.addSql(`alter table "project_module" drop constraint "project_module_project_id_foreign";`);
    this.addSql(`alter table "role" drop constraint "role_project_id_foreign";`);
    this.addSql(`alter table "app_session" drop constraint "app_session_current_project_id_foreign";`);
    this.addSql(`alter table "project_member" drop constraint "project_member_project_id_foreign";`);
    this.addSql(`alter table "notification" drop constraint "notification_project_id_foreign";`);
    this.addSql(`alter table "attachment" drop constraint "attachment_project_id_foreign";`);
    this.addSql(`alter table "activity_log" drop constraint "activity_log_project_id_foreign";`);
    this.addSql(`alter table "project_member" drop constraint "project_member_role_id_foreign";`);
    this.addSql(`alter table "project_member" drop constraint "project_member_acc_role_id_foreign";`);
    this.addSql(`alter table "app_session" drop constraint "app_session_user_id_foreign";`);
    this.addSql(`alter table "project_member" drop constraint "project_member_user_id_foreign";`);
    this.addSql(`alter table "notification" drop constraint "notification_recipient_id_foreign";`);
    this.addSql(`alter table "auth_token" drop constraint "auth_token_user_id_foreign";`);
    this.addSql(`alter table "attachment" drop constraint "attachment_uploaded_by_id_foreign";`);
    this.addSql(`alter table "activity_log" drop constraint "activity_log_actor_id_foreign";`);

    this.addSql(`drop table if exists "company" cascade;`);
    this.addSql(`drop table if exists "outbox_mail" cascade;`);
    this.addSql(`drop table if exists "project" cascade;`);
    this.addSql(`drop table if exists "project_counter" cascade;`);
    this.addSql(`drop table if exists "project_module" cascade;`);
    this.addSql(`drop table if exists "role" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "app_session" cascade;`);
    this.addSql(`drop table if exists "project_member" cascade;`);
    this.addSql(`drop table if exists "notification" cascade;`);
    this.addSql(`drop table if exists "auth_token" cascade;`);
    this.addSql(`drop table if exists "attachment" cascade;`);
    this.addSql(`drop table if exists "activity_log" cascade;`);
  }

}
