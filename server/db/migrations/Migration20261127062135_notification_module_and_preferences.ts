import { Migration } from '@mikro-orm/migrations';

export class Migration20261127062135_notification_module_and_preferences extends Migration {

  override name = 'Migration20261127062135_notification_module_and_preferences';

  override up(): void | Promise<void> {
    this.addSql(`create table "notification_preference" ("id" uuid not null, "user_id" uuid not null, "event" varchar(100) not null, "in_app" boolean not null default true, "email" boolean not null default true, primary key ("id"));`);
    this.addSql(`alter table "notification_preference" add constraint "notification_preference_user_id_event_unique" unique ("user_id", "event");`);

    this.addSql(`alter table "notification" add "module" varchar(64) null;`);
    this.addSql(`create index "notification_recipient_id_project_id_module_created_at_index" on "notification" ("recipient_id", "project_id", "module", "created_at");`);

    this.addSql(`alter table "notification_preference" add constraint "notification_preference_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notification_preference" cascade;`);

    this.addSql(`drop index "notification_recipient_id_project_id_module_created_at_index";`);
    this.addSql(`alter table "notification" drop column "module";`);
  }

}
