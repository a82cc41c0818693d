import { Migration } from "@mikro-orm/migrations";

export class Migration20261126021439_inspection_point_release extends Migration {
  override name = "Migration20261126021439_inspection_point_release";

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "lot_inspection_point" add "due_on" date null, add "decided_by_name" varchar(200) null, add "signature" text null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "lot_inspection_point" drop column "due_on", drop column "decided_by_name", drop column "signature";`,
    );
  }
}
