import { Migration } from '@mikro-orm/migrations';

export class Migration20261122121309_locations extends Migration {

  override name = 'Migration20261122121309_locations';

  override up(): void | Promise<void> {
    this.addSql(`create table "location" ("id" uuid not null, "project_id" uuid not null, "parent_id" uuid null, "name" varchar(200) not null, "name_key" varchar(200) not null, "path" text not null, "sort_order" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "location" add constraint "location_project_id_path_name_key_unique" unique ("project_id", "path", "name_key");`);

    this.addSql(`alter table "location" add constraint "location_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "location" add constraint "location_parent_id_foreign" foreign key ("parent_id") references "location" ("id") on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "location" drop constraint "location_parent_id_foreign";`);

    this.addSql(`drop table if exists "location" cascade;`);
  }

}
