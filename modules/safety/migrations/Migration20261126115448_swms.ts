import { Migration } from "@mikro-orm/migrations";

export class Migration20261126115448_swms extends Migration {
  override name = "Migration20261126115448_swms";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "safety_swms" ("id" uuid not null, "project_id" uuid not null, "number" varchar(20) not null, "sequence" int generated always as (("substring"(("number")::text, '[0-9]+$'::text))::integer) stored not null, "title" varchar(200) not null, "type" text not null, "company_id" uuid not null, "description" text null, "high_risk" boolean not null default false, "high_risk_categories" text[] not null default '{}', "status" text not null default 'draft', "initial_reviewer_id" uuid null, "signed_off_by_id" uuid null, "signed_off_at" timestamptz null, "submitted_at" timestamptz null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_swms_search_trgm_index" on "safety_swms" using gin ((("number")::text || ' ' || ("title")::text) gin_trgm_ops);`,
    );
    this.addSql(
      `create index "safety_swms_project_id_sequence_index" on "safety_swms" ("project_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_swms_project_id_status_sequence_index" on "safety_swms" ("project_id", "status", "sequence");`,
    );
    this.addSql(
      `create index "safety_swms_project_id_type_sequence_index" on "safety_swms" ("project_id", "type", "sequence");`,
    );
    this.addSql(
      `create index "safety_swms_project_id_company_id_sequence_index" on "safety_swms" ("project_id", "company_id", "sequence");`,
    );
    this.addSql(
      `create index "safety_swms_project_id_high_risk_sequence_index" on "safety_swms" ("project_id", "high_risk", "sequence");`,
    );
    this.addSql(
      `create index "safety_swms_project_id_created_by_id_index" on "safety_swms" ("project_id", "created_by_id");`,
    );
    this.addSql(
      `create index "safety_swms_project_id_title_index" on "safety_swms" ("project_id", "title");`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_project_id_number_unique" unique ("project_id", "number");`,
    );

    this.addSql(
      `create table "safety_swms_step" ("id" uuid not null, "project_id" uuid not null, "swms_id" uuid not null, "sort_order" int not null, "activity" varchar(500) not null, "hazards" text not null, "controls" text not null, "likelihood_before" text not null, "consequence_before" text not null, "likelihood_after" text not null, "consequence_after" text not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "safety_swms_step_swms_id_sort_order_index" on "safety_swms_step" ("swms_id", "sort_order");`,
    );

    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_initial_reviewer_id_foreign" foreign key ("initial_reviewer_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_signed_off_by_id_foreign" foreign key ("signed_off_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_type_check" check ("type" in ('system', 'product'));`,
    );
    this.addSql(
      `alter table "safety_swms" add constraint "safety_swms_status_check" check ("status" in ('draft', 'swms_uploaded', 'in_review', 'initial_review', 'final_review', 'accepted', 'not_accepted', 'review_needed', 'archived'));`,
    );

    this.addSql(
      `alter table "safety_swms_step" add constraint "safety_swms_step_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_swms_step" add constraint "safety_swms_step_swms_id_foreign" foreign key ("swms_id") references "safety_swms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "safety_swms_step" add constraint "safety_swms_step_likelihood_before_check" check ("likelihood_before" in ('rare', 'unlikely', 'possible', 'likely', 'almost_certain'));`,
    );
    this.addSql(
      `alter table "safety_swms_step" add constraint "safety_swms_step_consequence_before_check" check ("consequence_before" in ('insignificant', 'minor', 'moderate', 'major', 'catastrophic'));`,
    );
    this.addSql(
      `alter table "safety_swms_step" add constraint "safety_swms_step_likelihood_after_check" check ("likelihood_after" in ('rare', 'unlikely', 'possible', 'likely', 'almost_certain'));`,
    );
    this.addSql(
      `alter table "safety_swms_step" add constraint "safety_swms_step_consequence_after_check" check ("consequence_after" in ('insignificant', 'minor', 'moderate', 'major', 'catastrophic'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "safety_swms_step" drop constraint "safety_swms_step_swms_id_foreign";`);

    this.addSql(`drop table if exists "safety_swms" cascade;`);
    this.addSql(`drop table if exists "safety_swms_step" cascade;`);
  }
}
