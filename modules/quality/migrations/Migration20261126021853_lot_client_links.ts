import { Migration } from "@mikro-orm/migrations";

export class Migration20261126021853_lot_client_links extends Migration {
  override name = "Migration20261126021853_lot_client_links";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "lot_client_link" ("id" uuid not null, "project_id" uuid not null, "lot_id" uuid not null, "purpose" text not null, "points" jsonb not null, "token_hash" varchar(64) not null, "recipient_name" varchar(200) not null, "recipient_email" varchar(320) not null, "cc" jsonb not null, "due_on" date null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "used_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "lot_client_link" add constraint "lot_client_link_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "lot_client_link_lot_id_created_at_index" on "lot_client_link" ("lot_id", "created_at");`,
    );

    this.addSql(`alter table "lot_inspection_point" add "link_id" uuid null;`);
    this.addSql(
      `alter table "lot_inspection_point" add constraint "lot_inspection_point_link_id_foreign" foreign key ("link_id") references "lot_client_link" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "lot_client_link" add constraint "lot_client_link_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_client_link" add constraint "lot_client_link_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "lot_client_link" add constraint "lot_client_link_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "lot_client_link" add constraint "lot_client_link_purpose_check" check ("purpose" in ('hold-points', 'lot-review'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "lot_inspection_point" drop constraint "lot_inspection_point_link_id_foreign";`);

    this.addSql(`drop table if exists "lot_client_link" cascade;`);

    this.addSql(`alter table "lot_inspection_point" drop column "link_id";`);
  }
}
