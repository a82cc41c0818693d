import { Migration } from "@mikro-orm/migrations";

export class Migration20261124134234_lot_register_orders extends Migration {
  override name = "Migration20261124134234_lot_register_orders";

  override up(): void | Promise<void> {
    this.addSql(
      `create index "lot_project_id_title_sequence_index" on "lot" ("project_id", "title", "sequence");`,
    );
    this.addSql(
      `create index "lot_project_id_updated_at_sequence_index" on "lot" ("project_id", "updated_at", "sequence");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "lot_project_id_title_sequence_index";`);
    this.addSql(`drop index "lot_project_id_updated_at_sequence_index";`);
  }
}
