import { Migration } from "@mikro-orm/migrations";

export class Migration20261126161000_in_out extends Migration {
  override name = "Migration20261126161000_in_out";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "operation_in_out_gate" ("id" uuid not null, "project_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "operation_in_out_gate" add constraint "operation_in_out_gate_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "operation_in_out_gate_project_id_created_at_index" on "operation_in_out_gate" ("project_id", "created_at");`,
    );

    this.addSql(
      `create table "operation_in_out_record" ("id" uuid not null, "project_id" uuid not null, "person_key" varchar(420) not null, "name" varchar(200) not null, "company" varchar(200) not null, "role" varchar(200) null, "kind" text not null, "inducted" boolean not null, "site_day" date not null, "signed_in_at" timestamptz not null, "signed_out_at" timestamptz null, "sign_out_kind" text null, "signed_in_via" text not null, "gate_id" uuid null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "operation_in_out_record_project_id_site_day_name_index" on "operation_in_out_record" ("project_id", "site_day", "name");`,
    );
    this.addSql(
      `create index "operation_in_out_record_open_index" on "operation_in_out_record" ("project_id", "signed_in_at") where "signed_out_at" is null;`,
    );
    this.addSql(
      `create unique index "operation_in_out_record_open_person_unique" on "operation_in_out_record" ("project_id", "person_key") where "signed_out_at" is null;`,
    );

    this.addSql(
      `alter table "operation_in_out_gate" add constraint "operation_in_out_gate_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "operation_in_out_gate" add constraint "operation_in_out_gate_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "operation_in_out_record" add constraint "operation_in_out_record_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "operation_in_out_record" add constraint "operation_in_out_record_gate_id_foreign" foreign key ("gate_id") references "operation_in_out_gate" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "operation_in_out_record" add constraint "operation_in_out_record_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "operation_in_out_record" add constraint "operation_in_out_record_kind_check" check ("kind" in ('worker', 'visitor'));`,
    );
    this.addSql(
      `alter table "operation_in_out_record" add constraint "operation_in_out_record_sign_out_kind_check" check ("sign_out_kind" in ('manual', 'gate', 'automatic'));`,
    );
    this.addSql(
      `alter table "operation_in_out_record" add constraint "operation_in_out_record_signed_in_via_check" check ("signed_in_via" in ('app', 'gate'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "operation_in_out_record" drop constraint "operation_in_out_record_gate_id_foreign";`,
    );

    this.addSql(`drop table if exists "operation_in_out_gate" cascade;`);
    this.addSql(`drop table if exists "operation_in_out_record" cascade;`);
  }
}
