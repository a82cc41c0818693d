import { Migration } from "@mikro-orm/migrations";

/** Shared accommodation (decision 047): a place and its rooms without a project are the company's. */
export class Migration20261127094500_shared_accommodation extends Migration {
  override name = "Migration20261127094500_shared_accommodation";

  override up(): void | Promise<void> {
    this.addSql(`alter table "accommodation" alter column "project_id" drop not null;`);
    this.addSql(`alter table "accommodation_room" alter column "project_id" drop not null;`);
    this.addSql(
      `create unique index "accommodation_shared_name_unique" on "accommodation" ("name") where "project_id" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "accommodation_shared_name_unique";`);
    // Shared places have no project to go back to: they go, with their rooms and bookings.
    this.addSql(`delete from "accommodation" where "project_id" is null;`);
    this.addSql(`alter table "accommodation_room" alter column "project_id" set not null;`);
    this.addSql(`alter table "accommodation" alter column "project_id" set not null;`);
  }
}
