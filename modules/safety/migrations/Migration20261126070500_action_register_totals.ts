import { Migration } from "@mikro-orm/migrations";
import { statusTotalsSql } from "~/server/db/status-totals";

/**
 * The actions register at 100,000 actions (bench/README.md): actions per project and status, kept by
 * statement triggers (server/db/status-totals.ts, as the lots'), so the
 * register's unfiltered and status-filtered totals are a read of four rows, not a count of every action.
 * And an index of (project, status, due date): the due filters (overdue, this week, later, none) keep to
 * open work, so their count is one index range per open status, without reading the actions themselves;
 * the creator's index gains the assignee, so My Actions' total is two index ranges added.
 */
export class Migration20261126070500_action_register_totals extends Migration {
  override name = "Migration20261126070500_action_register_totals";

  override up(): void | Promise<void> {
    for (const statement of statusTotalsSql("safety_action").up) this.addSql(statement);

    this.addSql(
      `create index "safety_action_project_id_status_due_date_index" on "safety_action" ("project_id", "status", "due_date");`,
    );
    // My Actions' total: assigned to me (the assignee index) plus created by me and assigned to someone else,
    // counted from this index alone.
    this.addSql(`drop index "safety_action_project_id_created_by_id_index";`);
    this.addSql(
      `create index "safety_action_project_id_created_by_id_assignee_id_index" on "safety_action" ("project_id", "created_by_id", "assignee_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "safety_action_project_id_created_by_id_assignee_id_index";`);
    this.addSql(
      `create index "safety_action_project_id_created_by_id_index" on "safety_action" ("project_id", "created_by_id");`,
    );
    this.addSql(`drop index if exists "safety_action_project_id_status_due_date_index";`);
    for (const statement of statusTotalsSql("safety_action").down) this.addSql(statement);
  }
}
