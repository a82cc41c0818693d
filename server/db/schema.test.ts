import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "~/tests/setup/database";
import { withoutResetBookkeeping } from "~/tests/setup/reset";
import { migrations } from "./migrations";

const db = setupTestDatabase();

describe("database schema", () => {
  it("has every committed migration applied and nothing pending", async () => {
    const executed = await db.db.orm.migrator.getExecuted();
    expect(executed.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    expect(await db.db.orm.migrator.getPending()).toEqual([]);
  });

  it("matches the entities: no schema change waits for a migration", async () => {
    const diff = withoutResetBookkeeping(await db.db.orm.schema.getUpdateSchemaSQL({ wrap: false }));
    expect(diff, `entities and migrations disagree; run npm run db:migration:\n${diff}`).toBe("");
  });
});
