import { Migration } from '@mikro-orm/migrations';

export class Migration20261122121230_job_runs extends Migration {

  override name = 'Migration20261122121230_job_runs';

  override up(): void | Promise<void> {
    this.addSql(`create table "job_run" ("id" uuid not null, "project_id" uuid null, "kind" varchar(100) not null, "subject_type" varchar(64) null, "subject_id" varchar(64) null, "status" text not null default 'queued', "progress" int not null default 0, "payload" jsonb null, "result" jsonb null, "error" text null, "requested_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "job_run_subject_type_subject_id_kind_created_at_index" on "job_run" ("subject_type", "subject_id", "kind", "created_at");`);
    this.addSql(`create index "job_run_status_index" on "job_run" ("status");`);

    this.addSql(`alter table "job_run" add constraint "job_run_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "job_run" add constraint "job_run_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "job_run" add constraint "job_run_status_check" check ("status" in ('queued', 'running', 'completed', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_run" cascade;`);
  }

}
