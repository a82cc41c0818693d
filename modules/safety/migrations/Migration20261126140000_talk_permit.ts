import { Migration } from "@mikro-orm/migrations";

/** A talk names the permit to work its crew works under (issue #14); a deleted permit leaves the talk without one. */
export class Migration20261126140000_talk_permit extends Migration {
  override name = "Migration20261126140000_talk_permit";

  override up(): void | Promise<void> {
    this.addSql(`alter table "safety_talk" add column "permit_id" uuid null;`);
    this.addSql(
      `alter table "safety_talk" add constraint "safety_talk_permit_id_foreign" foreign key ("permit_id") references "safety_permit" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "safety_talk" drop constraint if exists "safety_talk_permit_id_foreign";`);
    this.addSql(`alter table "safety_talk" drop column if exists "permit_id";`);
  }
}
