import { Migration } from "@mikro-orm/migrations";

export class Migration20261127062000_home_widget_settings extends Migration {
  override name = "Migration20261127062000_home_widget_settings";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "home_widget_setting" ("id" uuid not null, "user_id" uuid not null, "widget_key" varchar(100) not null, "hidden" boolean not null default false, "position" int not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "home_widget_setting" add constraint "home_widget_setting_user_id_widget_key_unique" unique ("user_id", "widget_key");`,
    );

    this.addSql(
      `alter table "home_widget_setting" add constraint "home_widget_setting_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "home_widget_setting" cascade;`);
  }
}
