import { Migration } from "@mikro-orm/migrations";

export class Migration20261126193000_docket_signing_links extends Migration {
  override name = "Migration20261126193000_docket_signing_links";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "docket_signing_link" ("id" uuid not null, "project_id" uuid not null, "docket_id" uuid not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "used_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "docket_signing_link_docket_id_created_at_index" on "docket_signing_link" ("docket_id", "created_at");`,
    );
    this.addSql(
      `alter table "docket_signing_link" add constraint "docket_signing_link_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `alter table "docket_signing_link" add constraint "docket_signing_link_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket_signing_link" add constraint "docket_signing_link_docket_id_foreign" foreign key ("docket_id") references "docket" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "docket_signing_link" add constraint "docket_signing_link_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "docket_signing_link" cascade;`);
  }
}
