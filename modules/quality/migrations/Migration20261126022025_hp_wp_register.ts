import { Migration } from "@mikro-orm/migrations";

export class Migration20261126022025_hp_wp_register extends Migration {
  override name = "Migration20261126022025_hp_wp_register";

  override up(): void | Promise<void> {
    this.addSql(`create index "lot_itp_project_id_itp_id_index" on "lot_itp" ("project_id", "itp_id");`);

    this.addSql(
      `create index "lot_inspection_point_project_id_state_due_on_index" on "lot_inspection_point" ("project_id", "state", "due_on");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "lot_inspection_point_project_id_state_due_on_index";`);

    this.addSql(`drop index "lot_itp_project_id_itp_id_index";`);
  }
}
