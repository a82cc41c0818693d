import { Migration } from "@mikro-orm/migrations";

export class Migration20261127055907 extends Migration {
  override name = "Migration20261127055907";

  override up(): void | Promise<void> {
    this.addSql(
      `create table "accommodation" ("id" uuid not null, "project_id" uuid not null, "name" varchar(150) not null, "address" varchar(300) null, "notes" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "accommodation" add constraint "accommodation_project_id_name_unique" unique ("project_id", "name");`,
    );

    this.addSql(
      `create table "accommodation_room" ("id" uuid not null, "project_id" uuid not null, "accommodation_id" uuid not null, "name" varchar(60) not null, "beds" int not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "accommodation_room" add constraint "accommodation_room_accommodation_id_name_unique" unique ("accommodation_id", "name");`,
    );

    this.addSql(
      `create table "roster_allocation" ("id" uuid not null, "project_id" uuid not null, "role" varchar(100) not null, "people_needed" int not null, "starts_on" date not null, "ends_on" date not null, "shift_kind" text not null default 'day', "required_tickets" jsonb not null, "notes" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "roster_allocation_project_id_starts_on_index" on "roster_allocation" ("project_id", "starts_on");`,
    );

    this.addSql(
      `create table "roster_person" ("id" uuid not null, "full_name" varchar(200) not null, "email" varchar(254) null, "phone" varchar(40) null, "role" varchar(100) not null, "company_id" uuid null, "home_location" varchar(200) null, "roster_link_hash" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "roster_person_full_name_index" on "roster_person" ("full_name");`);
    this.addSql(
      `create index "roster_person_company_id_full_name_index" on "roster_person" ("company_id", "full_name");`,
    );
    this.addSql(`alter table "roster_person" add constraint "roster_person_email_unique" unique ("email");`);
    this.addSql(
      `alter table "roster_person" add constraint "roster_person_roster_link_hash_unique" unique ("roster_link_hash");`,
    );

    this.addSql(
      `create table "roster_crew" ("id" uuid not null, "name" varchar(100) not null, "lead_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "roster_crew" add constraint "roster_crew_name_unique" unique ("name");`);

    this.addSql(
      `create table "roster_crew_member" ("crew_id" uuid not null, "person_id" uuid not null, primary key ("crew_id", "person_id"));`,
    );
    this.addSql(`create index "roster_crew_member_person_id_index" on "roster_crew_member" ("person_id");`);

    this.addSql(
      `create table "roster_ticket" ("id" uuid not null, "person_id" uuid not null, "name" varchar(100) not null, "expires_on" date null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "roster_ticket" add constraint "roster_ticket_person_id_name_unique" unique ("person_id", "name");`,
    );

    this.addSql(
      `create table "roster" ("id" uuid not null, "project_id" uuid not null, "kind" text not null, "name" varchar(120) not null, "person_id" uuid null, "crew_id" uuid null, "allocation_id" uuid null, "cycle" jsonb null, "starts_on" date not null, "ends_on" date not null, "status" text not null default 'draft', "published_at" timestamptz null, "published_by_id" uuid null, "created_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "roster_project_id_kind_starts_on_index" on "roster" ("project_id", "kind", "starts_on");`,
    );
    this.addSql(
      `create index "roster_project_id_status_starts_on_index" on "roster" ("project_id", "status", "starts_on");`,
    );

    this.addSql(
      `create table "roster_travel" ("id" uuid not null, "project_id" uuid not null, "roster_id" uuid not null, "person_id" uuid not null, "direction" text not null, "travel_on" date not null, "origin" varchar(120) not null, "destination" varchar(120) not null, "carrier" varchar(120) null, primary key ("id"));`,
    );
    this.addSql(
      `create index "roster_travel_roster_id_travel_on_index" on "roster_travel" ("roster_id", "travel_on");`,
    );

    this.addSql(
      `create table "roster_shift" ("id" uuid not null, "project_id" uuid not null, "roster_id" uuid not null, "person_id" uuid not null, "date" date not null, "kind" text not null, primary key ("id"));`,
    );
    this.addSql(`create index "roster_shift_person_id_date_index" on "roster_shift" ("person_id", "date");`);
    this.addSql(
      `create index "roster_shift_project_id_date_index" on "roster_shift" ("project_id", "date");`,
    );
    this.addSql(
      `alter table "roster_shift" add constraint "roster_shift_roster_id_person_id_date_unique" unique ("roster_id", "person_id", "date");`,
    );

    this.addSql(
      `create table "roster_conflict_override" ("id" uuid not null, "project_id" uuid not null, "roster_id" uuid not null, "conflict_key" varchar(300) not null, "reason" text not null, "overridden_by_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "roster_conflict_override" add constraint "roster_conflict_override_roster_id_conflict_key_unique" unique ("roster_id", "conflict_key");`,
    );

    this.addSql(
      `create table "accommodation_booking" ("id" uuid not null, "project_id" uuid not null, "room_id" uuid not null, "person_id" uuid not null, "roster_id" uuid null, "check_in" date not null, "check_out" date not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "accommodation_booking_room_id_check_in_index" on "accommodation_booking" ("room_id", "check_in");`,
    );
    this.addSql(
      `create index "accommodation_booking_project_id_check_in_index" on "accommodation_booking" ("project_id", "check_in");`,
    );

    this.addSql(
      `alter table "accommodation" add constraint "accommodation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "accommodation_room" add constraint "accommodation_room_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "accommodation_room" add constraint "accommodation_room_accommodation_id_foreign" foreign key ("accommodation_id") references "accommodation" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "roster_allocation" add constraint "roster_allocation_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_allocation" add constraint "roster_allocation_shift_kind_check" check ("shift_kind" in ('day', 'night'));`,
    );

    this.addSql(
      `alter table "roster_person" add constraint "roster_person_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "roster_crew" add constraint "roster_crew_lead_id_foreign" foreign key ("lead_id") references "roster_person" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "roster_crew_member" add constraint "roster_crew_member_crew_id_foreign" foreign key ("crew_id") references "roster_crew" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_crew_member" add constraint "roster_crew_member_person_id_foreign" foreign key ("person_id") references "roster_person" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "roster_ticket" add constraint "roster_ticket_person_id_foreign" foreign key ("person_id") references "roster_person" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "roster" add constraint "roster_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_person_id_foreign" foreign key ("person_id") references "roster_person" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_crew_id_foreign" foreign key ("crew_id") references "roster_crew" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_allocation_id_foreign" foreign key ("allocation_id") references "roster_allocation" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_published_by_id_foreign" foreign key ("published_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_kind_check" check ("kind" in ('single', 'composition'));`,
    );
    this.addSql(
      `alter table "roster" add constraint "roster_status_check" check ("status" in ('draft', 'published'));`,
    );

    this.addSql(
      `alter table "roster_travel" add constraint "roster_travel_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_travel" add constraint "roster_travel_roster_id_foreign" foreign key ("roster_id") references "roster" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_travel" add constraint "roster_travel_person_id_foreign" foreign key ("person_id") references "roster_person" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_travel" add constraint "roster_travel_direction_check" check ("direction" in ('in', 'out'));`,
    );

    this.addSql(
      `alter table "roster_shift" add constraint "roster_shift_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_shift" add constraint "roster_shift_roster_id_foreign" foreign key ("roster_id") references "roster" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_shift" add constraint "roster_shift_person_id_foreign" foreign key ("person_id") references "roster_person" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_shift" add constraint "roster_shift_kind_check" check ("kind" in ('day', 'night'));`,
    );

    this.addSql(
      `alter table "roster_conflict_override" add constraint "roster_conflict_override_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_conflict_override" add constraint "roster_conflict_override_roster_id_foreign" foreign key ("roster_id") references "roster" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "roster_conflict_override" add constraint "roster_conflict_override_overridden_by_id_foreign" foreign key ("overridden_by_id") references "app_user" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "accommodation_booking" add constraint "accommodation_booking_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "accommodation_booking" add constraint "accommodation_booking_room_id_foreign" foreign key ("room_id") references "accommodation_room" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "accommodation_booking" add constraint "accommodation_booking_person_id_foreign" foreign key ("person_id") references "roster_person" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "accommodation_booking" add constraint "accommodation_booking_roster_id_foreign" foreign key ("roster_id") references "roster" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "accommodation_room" drop constraint "accommodation_room_accommodation_id_foreign";`,
    );
    this.addSql(
      `alter table "accommodation_booking" drop constraint "accommodation_booking_room_id_foreign";`,
    );
    this.addSql(`alter table "roster" drop constraint "roster_allocation_id_foreign";`);
    this.addSql(`alter table "roster_crew" drop constraint "roster_crew_lead_id_foreign";`);
    this.addSql(`alter table "roster_crew_member" drop constraint "roster_crew_member_person_id_foreign";`);
    this.addSql(`alter table "roster_ticket" drop constraint "roster_ticket_person_id_foreign";`);
    this.addSql(`alter table "roster" drop constraint "roster_person_id_foreign";`);
    this.addSql(`alter table "roster_travel" drop constraint "roster_travel_person_id_foreign";`);
    this.addSql(`alter table "roster_shift" drop constraint "roster_shift_person_id_foreign";`);
    this.addSql(
      `alter table "accommodation_booking" drop constraint "accommodation_booking_person_id_foreign";`,
    );
    this.addSql(`alter table "roster_crew_member" drop constraint "roster_crew_member_crew_id_foreign";`);
    this.addSql(`alter table "roster" drop constraint "roster_crew_id_foreign";`);
    this.addSql(`alter table "roster_travel" drop constraint "roster_travel_roster_id_foreign";`);
    this.addSql(`alter table "roster_shift" drop constraint "roster_shift_roster_id_foreign";`);
    this.addSql(
      `alter table "roster_conflict_override" drop constraint "roster_conflict_override_roster_id_foreign";`,
    );
    this.addSql(
      `alter table "accommodation_booking" drop constraint "accommodation_booking_roster_id_foreign";`,
    );

    this.addSql(`drop table if exists "accommodation" cascade;`);
    this.addSql(`drop table if exists "accommodation_room" cascade;`);
    this.addSql(`drop table if exists "roster_allocation" cascade;`);
    this.addSql(`drop table if exists "roster_person" cascade;`);
    this.addSql(`drop table if exists "roster_crew" cascade;`);
    this.addSql(`drop table if exists "roster_crew_member" cascade;`);
    this.addSql(`drop table if exists "roster_ticket" cascade;`);
    this.addSql(`drop table if exists "roster" cascade;`);
    this.addSql(`drop table if exists "roster_travel" cascade;`);
    this.addSql(`drop table if exists "roster_shift" cascade;`);
    this.addSql(`drop table if exists "roster_conflict_override" cascade;`);
    this.addSql(`drop table if exists "accommodation_booking" cascade;`);
  }
}
