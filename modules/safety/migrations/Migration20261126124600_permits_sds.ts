import { Migration } from "@mikro-orm/migrations";

export class Migration20261126124600_permits_sds extends Migration {
  override name = "Migration20261126124600_permits_sds";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_sds" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "product" varchar(200) not null, "supplier" varchar(200) not null, "issue_date" date not null, "expiry_date" date not null, "status" text not null default 'IN_PROGRESS', "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_sds_search_trgm_index" on "safety_sds" using gin ((("number")::text || ' ' || ("product")::text || ' ' || ("supplier")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_sds_project_id_sequence_index" on "safety_sds" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_sds_project_id_status_sequence_index" on "safety_sds" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_sds_project_id_expiry_date_sequence_index" on "safety_sds" ("project_id", "expiry_date", "sequence");`,
    );
    this.addSql(
      `alter table "safety_sds" add constraint "safety_sds_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_permit" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "type" text not null, "title" varchar(200) not null, "description" text null, "location_id" uuid null, "valid_from" timestamptz not null, "valid_to" timestamptz not null, "issuer_id" uuid null, "receiver_id" uuid null, "conditions" text null, "checklist" jsonb not null, "status" text not null default 'IN_PROGRESS', "submitted_at" timestamptz null, "approved_at" timestamptz null, "closed_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_permit_search_trgm_index" on "safety_permit" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_permit_project_id_sequence_index" on "safety_permit" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_permit_project_id_status_sequence_index" on "safety_permit" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_permit_project_id_type_sequence_index" on "safety_permit" ("project_id", "type", "sequence");`,
    );
    this.addSql(
      `create index "safety_permit_project_id_valid_to_sequence_index" on "safety_permit" ("project_id", "valid_to", "sequence");`,
    );
    this.addSql(
      `create index "safety_permit_project_id_status_valid_from_valid_to_index" on "safety_permit" ("project_id", "status", "valid_from", "valid_to");`,
    );
    this.addSql(
      `create index "safety_permit_project_id_valid_from_sequence_index" on "safety_permit" ("project_id", "valid_from", "sequence");`,
    );
    this.addSql(
      `create index "safety_permit_project_id_location_id_index" on "safety_permit" ("project_id", "location_id");`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_permit_signature" ("id" uuid not null, "project_id" uuid not null, "permit_id" uuid not null, "step" varchar(20) not null, "signer_id" uuid null, "signed_name" varchar(200) not null, "signature" text null, "comment" text null, "signed_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_permit_signature_permit_id_signed_at_index" on "safety_permit_signature" ("permit_id", "signed_at");`,
    );

    this.addSql(
      `alter table "safety_sds" add constraint "safety_sds_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_sds" add constraint "safety_sds_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_sds" add constraint "safety_sds_status_check" check ("status" in ('IN_PROGRESS', 'IN_REVIEW', 'CLOSED'));`,
    );

    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_location_id_foreign" foreign key ("location_id") references "location" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_issuer_id_foreign" foreign key ("issuer_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_receiver_id_foreign" foreign key ("receiver_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_type_check" check ("type" in ('hot_work', 'confined_space', 'excavation', 'work_at_height', 'electrical_isolation', 'lifting', 'general'));`,
    );
    this.addSql(
      `alter table "safety_permit" add constraint "safety_permit_status_check" check ("status" in ('IN_PROGRESS', 'IN_REVIEW', 'ACTIVE', 'CLOSED', 'ARCHIVED'));`,
    );

    this.addSql(
      `alter table "safety_permit_signature" add constraint "safety_permit_signature_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_permit_signature" add constraint "safety_permit_signature_permit_id_foreign" foreign key ("permit_id") references "safety_permit" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_permit_signature" add constraint "safety_permit_signature_signer_id_foreign" foreign key ("signer_id") references "app_user" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "safety_permit_signature" drop constraint "safety_permit_signature_permit_id_foreign";`,
    );

    this.addSql(`drop table if exists "safety_sds" cascade;`);
    this.addSql(`drop table if exists "safety_permit" cascade;`);
    this.addSql(`drop table if exists "safety_permit_signature" cascade;`);
  }
}
