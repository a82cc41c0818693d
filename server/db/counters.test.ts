import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { nextNumber } from "./counters";

const db = setupTestDatabase();

describe("human numbers", () => {
  it("counts per project and per kind", async () => {
    const a = await createProject(db.em);
    const b = await createProject(db.em);
    const em = db.em;
    expect(await nextNumber(em, a.id, "LOT")).toBe("LOT-0001");
    expect(await nextNumber(em, a.id, "LOT")).toBe("LOT-0002");
    expect(await nextNumber(em, a.id, "NCR")).toBe("NCR-0001");
    expect(await nextNumber(em, b.id, "LOT")).toBe("LOT-0001");
  });

  it("gives different numbers to simultaneous inserts", async () => {
    const project = await createProject(db.em);
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => db.em.transactional((tx) => nextNumber(tx, project.id, "INC"))),
    );
    expect(new Set(numbers).size).toBe(8);
  });

  it("gives the number back when the insert's transaction rolls back", async () => {
    const project = await createProject(db.em);
    await expect(
      db.em.transactional(async (tx) => {
        await nextNumber(tx, project.id, "LOT");
        throw new Error("the lot failed validation");
      }),
    ).rejects.toThrow("the lot failed validation");
    expect(await nextNumber(db.em, project.id, "LOT")).toBe("LOT-0001");
  });
});
