import { Migration } from "@mikro-orm/migrations";

export class Migration20261124173526_lot_ncr_raised extends Migration {
  override name = "Migration20261124173526_lot_ncr_raised";

  override up(): void | Promise<void> {
    this.addSql(`alter table "lot" drop constraint "lot_sub_status_check";`);
    this.addSql(
      `alter table "lot" add constraint "lot_sub_status_check" check ("sub_status" in ('work_started', 'completed_pending_records', 'engineer_review', 'engineer_rejected', 'qa_review', 'qa_returned', 'qa_approved', 'external_review', 'external_approved', 'external_rejected', 'ncr_raised'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "lot" drop constraint "lot_sub_status_check";`);
    this.addSql(
      `alter table "lot" add constraint "lot_sub_status_check" check ("sub_status" in ('work_started', 'completed_pending_records', 'engineer_review', 'engineer_rejected', 'qa_review', 'qa_returned', 'qa_approved', 'external_review', 'external_approved', 'external_rejected'));`,
    );
  }
}
