import { Migration } from '@mikro-orm/migrations';

export class Migration20261124162836_security_events extends Migration {

  override name = 'Migration20261124162836_security_events';

  override up(): void | Promise<void> {
    this.addSql(`create table "security_event" ("id" uuid not null, "occurred_at" timestamptz not null, "kind" varchar(64) not null, "actor_id" uuid null, "subject_user_id" uuid null, "subject_email" varchar(320) null, "project_id" uuid null, "client_address" varchar(64) null, "user_agent" varchar(400) null, "details" jsonb null, primary key ("id"));`);
    this.addSql(`create index "security_event_occurred_at_index" on "security_event" ("occurred_at");`);
    this.addSql(`create index "security_event_kind_occurred_at_index" on "security_event" ("kind", "occurred_at");`);
    this.addSql(`create index "security_event_subject_email_occurred_at_index" on "security_event" ("subject_email", "occurred_at");`);
    this.addSql(`create index "security_event_actor_id_occurred_at_index" on "security_event" ("actor_id", "occurred_at");`);

    this.addSql(`alter table "security_event" add constraint "security_event_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "security_event" add constraint "security_event_subject_user_id_foreign" foreign key ("subject_user_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "security_event" add constraint "security_event_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "security_event" cascade;`);
  }

}
