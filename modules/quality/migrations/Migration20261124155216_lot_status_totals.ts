import { Migration } from "@mikro-orm/migrations";
import { statusTotalsSql } from "~/server/db/status-totals";

/**
 * Lots per project and status, kept by statement triggers (server/db/status-totals.ts: the statements
 * this migration applied, written once for every register that keeps its totals).
 */
export class Migration20261124155216_lot_status_totals extends Migration {
  override name = "Migration20261124155216_lot_status_totals";

  override up(): void | Promise<void> {
    for (const statement of statusTotalsSql("lot").up) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of statusTotalsSql("lot").down) this.addSql(statement);
  }
}
