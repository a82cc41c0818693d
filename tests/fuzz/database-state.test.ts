import { describe, expect, it } from "vitest";
import { Company } from "~/server/db/entities";
import { createCompany } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { changedTables, databaseState, writtenSince } from "./database-state";

const db = setupTestDatabase();

/** The fuzz suite's judge of "changed nothing": it must see every kind of write, and nothing else. */
describe("database state", () => {
  it("sees an insert, an update and a delete, and not a read or a rolled-back write", async () => {
    const company = await createCompany(db.em, { name: "Harbour Civil" });
    let before = await databaseState(db.em);

    await db.em.find(Company, {});
    expect(await writtenSince(db.em, before)).toBe(false);
    expect(changedTables(before, await databaseState(db.em))).toEqual([]);

    await db.em
      .fork()
      .transactional(async (tx) => {
        await tx.nativeUpdate(Company, { id: company.id }, { name: "Never saved" });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(changedTables(before, await databaseState(db.em))).toEqual([]);

    await db.em.nativeUpdate(Company, { id: company.id }, { name: "Harbour Civil Pty" });
    expect(await writtenSince(db.em, before)).toBe(true);
    expect(changedTables(before, await databaseState(db.em))).toEqual(["public.company 1 (updated)"]);

    before = await databaseState(db.em);
    await createCompany(db.em, { name: "Deck Formwork" });
    expect(changedTables(before, await databaseState(db.em))).toEqual(["public.company 1 → 2"]);

    before = await databaseState(db.em);
    await db.em.nativeDelete(Company, { id: company.id });
    expect(changedTables(before, await databaseState(db.em))).toEqual(["public.company 2 → 1"]);
  });
});
