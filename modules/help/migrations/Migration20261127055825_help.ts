import { Migration } from "@mikro-orm/migrations";

export class Migration20261127055825_help extends Migration {
  override name = "Migration20261127055825_help";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "help_article" ("id" uuid not null, "section" text not null, "position" int not null default 0, "title_en" varchar(200) not null, "body_en" text not null, "title_vi" varchar(200) null, "body_vi" text null, "title_au" varchar(200) null, "body_au" text null, "created_by_id" uuid null, "updated_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "help_article_section_position_index" on "help_article" ("section", "position");`,
    );

    this.addSql(
      `create table "help_screenshot" ("id" uuid not null, "article_id" uuid not null, "file_name" varchar(255) not null, "content_type" varchar(100) not null, "size" bigint not null, "storage_key" varchar(255) not null, "uploaded_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "help_screenshot_article_id_created_at_index" on "help_screenshot" ("article_id", "created_at");`,
    );

    this.addSql(
      `alter table "help_article" add constraint "help_article_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "help_article" add constraint "help_article_updated_by_id_foreign" foreign key ("updated_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "help_article" add constraint "help_article_section_check" check ("section" in ('cnc', 'qualities', 'operate', 'plant-and-machinery', 'help-panel-roster', 'safe', 'settings'));`,
    );

    this.addSql(
      `alter table "help_screenshot" add constraint "help_screenshot_article_id_foreign" foreign key ("article_id") references "help_article" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "help_screenshot" add constraint "help_screenshot_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "help_screenshot" drop constraint "help_screenshot_article_id_foreign";`);

    this.addSql(`drop table if exists "help_article" cascade;`);
    this.addSql(`drop table if exists "help_screenshot" cascade;`);
  }
}
