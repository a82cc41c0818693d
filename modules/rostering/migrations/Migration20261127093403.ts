import { Migration } from "@mikro-orm/migrations";

export class Migration20261127093403 extends Migration {
  override name = "Migration20261127093403";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "schedule_card_group" ("id" uuid not null, "project_id" uuid not null, "name" varchar(100) not null, "description" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "schedule_card_group" add constraint "schedule_card_group_project_id_name_unique" unique ("project_id", "name");`,
    );

    this.addSql(
      `create table "schedule_card" ("id" uuid not null, "project_id" uuid not null, "group_id" uuid not null, "name" varchar(100) not null, "kind" text not null, "start_time" varchar(5) not null, "hours" int not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "schedule_card_project_id_kind_index" on "schedule_card" ("project_id", "kind");`,
    );
    this.addSql(
      `alter table "schedule_card" add constraint "schedule_card_group_id_name_unique" unique ("group_id", "name");`,
    );

    this.addSql(`alter table "roster" add "day_card_id" uuid null, add "night_card_id" uuid null;`);
    this.addSql(
      `alter table "roster" add constraint "roster_day_card_id_foreign" foreign key ("day_card_id") references "schedule_card" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_night_card_id_foreign" foreign key ("night_card_id") references "schedule_card" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "schedule_card_group" add constraint "schedule_card_group_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "schedule_card" add constraint "schedule_card_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "schedule_card" add constraint "schedule_card_group_id_foreign" foreign key ("group_id") references "schedule_card_group" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "schedule_card" add constraint "schedule_card_kind_check" check ("kind" in ('day', 'night'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "schedule_card" drop constraint "schedule_card_group_id_foreign";`);
    this.addSql(`alter table "roster" drop constraint "roster_day_card_id_foreign";`);
    this.addSql(`alter table "roster" drop constraint "roster_night_card_id_foreign";`);

    this.addSql(`drop table if exists "schedule_card_group" cascade;`);
    this.addSql(`drop table if exists "schedule_card" cascade;`);

    this.addSql(`alter table "roster" drop column "day_card_id", drop column "night_card_id";`);
  }
}
