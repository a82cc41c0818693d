import { describe, expect, it } from "vitest";
import { allMigrations } from "~/server/registry/module-servers.server";
import { setupTestDatabase } from "~/tests/setup/database";
import { withoutResetBookkeeping } from "~/tests/setup/reset";
import { migrations as coreMigrations } from "./migrations";

const db = setupTestDatabase();

describe("database schema", () => {
  it("has every committed migration applied and nothing pending", async () => {
    const executed = await db.db.orm.migrator.getExecuted();
    const all = await allMigrations(coreMigrations);
    expect(executed.map((m) => m.name)).toEqual(all.map((m) => m.name));
    // The quality module's migration comes from its own folder, not from the core's list.
    expect(all.map((m) => m.name)).toContain("Migration20261122133751_quality");
    expect(coreMigrations.map((m) => m.name)).not.toContain("Migration20261122133751_quality");
    expect(await db.db.orm.migrator.getPending()).toEqual([]);
  });

  it("matches the entities: no schema change waits for a migration", async () => {
    const diff = withoutResetBookkeeping(await db.db.orm.schema.getUpdateSchemaSQL({ wrap: false }));
    expect(diff, `entities and migrations disagree; run npm run db:migration:\n${diff}`).toBe("");
  });
});
