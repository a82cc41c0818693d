import { Migration } from "@mikro-orm/migrations";
import { statusTotalsSql } from "~/server/db/status-totals";

/**
 * The incident register at 100,000 incidents (bench/README.md): incidents per project and state, kept by
 * statement triggers (server/db/status-totals.ts), so the register's unfiltered and state-filtered totals
 * are a read of five rows, not a count of every incident.
 */
export class Migration20261126120800_incident_register_totals extends Migration {
  override name = "Migration20261126120800_incident_register_totals";

  override up(): void | Promise<void> {
    for (const statement of statusTotalsSql("safety_incident").up) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of statusTotalsSql("safety_incident").down) this.addSql(statement);
  }
}
