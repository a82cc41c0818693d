import { Migration } from "@mikro-orm/migrations";

export class Migration20261126185811_acc_cost_connection extends Migration {

  override name = 'Migration20261126185811_acc_cost_connection';

  override up(): void | Promise<void> {
    this.addSql(`create table "acc_cost_connection" ("id" uuid not null, "project_id" uuid not null, "client_id" varchar(200) not null, "client_secret" text not null, "container_id" varchar(200) not null, "base_url" varchar(500) null, "updated_by_id" uuid null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "acc_cost_connection" add constraint "acc_cost_connection_project_id_unique" unique ("project_id");`);

    this.addSql(`alter table "acc_cost_connection" add constraint "acc_cost_connection_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "acc_cost_connection" add constraint "acc_cost_connection_updated_by_id_foreign" foreign key ("updated_by_id") references "app_user" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "acc_cost_connection" cascade;`);
  }

}
