import { Migration } from '@mikro-orm/migrations';

export class Migration20261122110604_administration extends Migration {

  override name = 'Migration20261122110604_administration';

  override up(): void | Promise<void> {
    this.addSql(`create table "resource" ("id" uuid not null, "code" varchar(40) not null, "name" varchar(200) not null, "category" text not null, "unit" varchar(20) not null, "description" text null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "resource" add constraint "resource_code_unique" unique ("code");`);

    this.addSql(`create table "project_setting" ("id" uuid not null, "project_id" uuid not null, "module_id" varchar(64) not null, "form" varchar(64) not null, "values" jsonb not null, "updated_by_id" uuid null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "project_setting" add constraint "project_setting_project_id_module_id_form_unique" unique ("project_id", "module_id", "form");`);

    this.addSql(`create table "project_group" ("id" uuid not null, "project_id" uuid not null, "name" varchar(120) not null, "description" text null, "workers" text[] not null default '{}', "external_users" text[] not null default '{}', "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "project_group" add constraint "project_group_project_id_name_unique" unique ("project_id", "name");`);

    this.addSql(`create table "project_group_member" ("group_id" uuid not null, "user_id" uuid not null, primary key ("group_id", "user_id"));`);

    this.addSql(`create table "global_setting" ("id" uuid not null, "module_id" varchar(64) not null, "form" varchar(64) not null, "values" jsonb not null, "updated_by_id" uuid null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "global_setting" add constraint "global_setting_module_id_form_unique" unique ("module_id", "form");`);

    this.addSql(`alter table "app_user" add "global_role_id" uuid null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_global_role_id_foreign" foreign key ("global_role_id") references "role" ("id") on delete set null;`);

    this.addSql(`alter table "resource" add constraint "resource_category_check" check ("category" in ('labour', 'plant', 'material', 'subcontract', 'other'));`);

    this.addSql(`alter table "project_setting" add constraint "project_setting_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "project_setting" add constraint "project_setting_updated_by_id_foreign" foreign key ("updated_by_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`alter table "project_group" add constraint "project_group_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "project_group" add constraint "project_group_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`alter table "project_group_member" add constraint "project_group_member_group_id_foreign" foreign key ("group_id") references "project_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "project_group_member" add constraint "project_group_member_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "global_setting" add constraint "global_setting_updated_by_id_foreign" foreign key ("updated_by_id") references "app_user" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "project_group_member" drop constraint "project_group_member_group_id_foreign";`);

    this.addSql(`drop table if exists "resource" cascade;`);
    this.addSql(`drop table if exists "project_setting" cascade;`);
    this.addSql(`drop table if exists "project_group" cascade;`);
    this.addSql(`drop table if exists "project_group_member" cascade;`);
    this.addSql(`drop table if exists "global_setting" cascade;`);

    this.addSql(`alter table "app_user" drop constraint "app_user_global_role_id_foreign";`);

    this.addSql(`alter table "app_user" drop column "global_role_id";`);
  }

}
