import { Migration } from "@mikro-orm/migrations";

export class Migration20261124172330_ncr extends Migration {
  override name = "Migration20261124172330_ncr";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ncr" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "type" text not null, "status" text not null default 'in_progress', "title" varchar(200) not null, "description" text not null, "lot_id" uuid null, "itp_item_id" uuid null, "raised_on" date not null, "containment" text null, "disposition" text null, "concession_authorised_by" varchar(200) null, "client_to_be_informed" boolean not null default false, "root_cause" text null, "corrective_action" text null, "corrective_action_owner" varchar(200) null, "corrective_action_due" date null, "effectiveness_check" text null, "closed_on" date null, "last_return_comment" text null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "ncr_project_id_sequence_index" on "ncr" ("project_id", "sequence");`);
    this.addSql(
      `create index "ncr_project_id_type_sequence_index" on "ncr" ("project_id", "type", "sequence");`,
    );
    this.addSql(
      `create index "ncr_project_id_status_sequence_index" on "ncr" ("project_id", "status", "sequence");`,
    );
    this.addSql(`create index "ncr_lot_id_index" on "ncr" ("lot_id");`);
    this.addSql(
      `alter table "ncr" add constraint "ncr_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `alter table "ncr" add constraint "ncr_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "ncr" add constraint "ncr_lot_id_foreign" foreign key ("lot_id") references "lot" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ncr" add constraint "ncr_itp_item_id_foreign" foreign key ("itp_item_id") references "itp_item" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "ncr" add constraint "ncr_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(`alter table "ncr" add constraint "ncr_type_check" check ("type" in ('product', 'system'));`);
    this.addSql(
      `alter table "ncr" add constraint "ncr_status_check" check ("status" in ('in_progress', 'in_review', 'closed', 'archived'));`,
    );
    this.addSql(
      `alter table "ncr" add constraint "ncr_disposition_check" check ("disposition" in ('rework', 'repair', 'use_as_is', 'reject'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ncr" cascade;`);
  }
}
