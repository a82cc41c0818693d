import { Migration } from '@mikro-orm/migrations';

export class Migration20261127062135_notification_module_and_preferences extends Migration {

  override name = 'Migration20261127062135_notification_module_and_preferences';

  override up(): void | Promise<void> {
    this.addSql(`create table "notification_preference" ("id" uuid not null, "user_id" uuid not null, "event" varchar(100) not null, "in_app" boolean not null default true, "email" boolean not null default true, primary key ("id"));`);
    this.addSql(`alter table "notification_preference" add constraint "notification_preference_user_id_event_unique" unique ("user_id", "event");`);

    this.addSql(`alter table "notification" add "module" varchar(64) null;`);
    // The rows written before: their module from the events the manifests declared when this was written.
    this.addSql(`update "notification" set "module" = 'plant' where "event" in ('plant-document-expiring', 'plant-document-expired', 'plant-check-failed');`);
    this.addSql(`update "notification" set "module" = 'quality' where "event" in ('lot-submitted', 'lot-sent-to-qa', 'lot-approved', 'lot-rejected', 'lot-sent-to-client', 'lot-closed', 'lot-reopened', 'hold-point-notified', 'hold-point-released', 'hold-point-rejected', 'ncr-raised', 'ncr-closed', 'defect-assigned', 'defect-completed', 'defect-not-approved', 'defect-disputed', 'itp-submitted', 'itp-internal-approved-send-external', 'itp-internal-approved-send-internal', 'itp-internal-rejected', 'itp-external-approved', 'itp-external-rejected');`);
    this.addSql(`update "notification" set "module" = 'safety' where "event" in ('incident-raised', 'incident-reassigned', 'incident-step', 'incident-closed', 'action-assigned', 'action-closed', 'action-due', 'action-overdue', 'audit-scheduled', 'assessment-submitted', 'assessment-reviewed', 'audit-completed', 'observation-assigned', 'observation-completed', 'observation-disputed', 'swms-high-risk-created', 'swms-non-high-risk-created', 'swms-initial-review-done', 'swms-signed-off');`);
    this.addSql(`create index "notification_recipient_id_project_id_module_created_at_index" on "notification" ("recipient_id", "project_id", "module", "created_at");`);

    this.addSql(`alter table "notification_preference" add constraint "notification_preference_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notification_preference" cascade;`);

    this.addSql(`drop index "notification_recipient_id_project_id_module_created_at_index";`);
    this.addSql(`alter table "notification" drop column "module";`);
  }

}
