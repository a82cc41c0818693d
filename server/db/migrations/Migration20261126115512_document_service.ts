import { Migration } from '@mikro-orm/migrations';

export class Migration20261126115512_document_service extends Migration {

  override name = 'Migration20261126115512_document_service';

  override up(): void | Promise<void> {
    this.addSql(`create table "document_service_setting" ("id" uuid not null, "project_id" uuid not null, "kind" text not null default 'local', "folder_path" varchar(500) not null, "acc_hub_id" varchar(200) null, "acc_project_id" varchar(200) null, "acc_client_id" varchar(200) null, "acc_client_secret" text null, "updated_by_id" uuid null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "document_service_setting" add constraint "document_service_setting_project_id_unique" unique ("project_id");`);

    this.addSql(`create table "document_send" ("id" uuid not null, "project_id" uuid not null, "module_id" varchar(64) not null, "subject_type" varchar(64) not null, "subject_id" varchar(64) not null, "storage_key" varchar(100) not null, "file_name" varchar(255) not null, "content_type" varchar(200) not null, "service_kind" text not null, "folder_path" varchar(1000) not null, "status" text not null default 'queued', "reference" varchar(500) null, "url" varchar(2000) null, "error" text null, "requested_by_id" uuid null, "job_run_id" uuid null, "created_at" timestamptz not null, "sent_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "document_send_project_id_subject_type_subject_id_c_479ca_index" on "document_send" ("project_id", "subject_type", "subject_id", "created_at");`);

    this.addSql(`alter table "document_service_setting" add constraint "document_service_setting_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "document_service_setting" add constraint "document_service_setting_updated_by_id_foreign" foreign key ("updated_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "document_service_setting" add constraint "document_service_setting_kind_check" check ("kind" in ('local', 'acc'));`);

    this.addSql(`alter table "document_send" add constraint "document_send_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "document_send" add constraint "document_send_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "document_send" add constraint "document_send_job_run_id_foreign" foreign key ("job_run_id") references "job_run" ("id") on delete set null;`);
    this.addSql(`alter table "document_send" add constraint "document_send_service_kind_check" check ("service_kind" in ('local', 'acc'));`);
    this.addSql(`alter table "document_send" add constraint "document_send_status_check" check ("status" in ('queued', 'sent', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "document_service_setting" cascade;`);
    this.addSql(`drop table if exists "document_send" cascade;`);
  }

}
