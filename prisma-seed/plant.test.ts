import { describe, expect, it } from "vitest";
import { documentExpiry } from "~/modules/plant/domain/plant-rules";
import { PlantCheck, PlantDocument, PlantInspection, PlantItem } from "~/modules/plant/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("the demo plant", () => {
  it("is ten items over both projects in varied states, with expiring and expired documents and a failed check", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const em = db.em.fork();
    const items = await em.find(PlantItem, {}, { filters: false, populate: ["project"] });
    expect(items).toHaveLength(10);
    expect(new Set(items.map((item) => item.project.name))).toEqual(
      new Set(["Northern Bridge Upgrade", "Western Rail Link"]),
    );
    expect(new Set(items.map((item) => item.status))).toEqual(
      new Set(["ACTIVE", "IN_REVIEW", "IN_PROGRESS", "CLOSED", "ARCHIVED"]),
    );
    const today = new Date().toISOString().slice(0, 10);
    const documents = await em.find(PlantDocument, {}, { filters: false });
    const expiries = documents.map((document) =>
      documentExpiry(document.expiryDate ? String(document.expiryDate).slice(0, 10) : null, today, 30),
    );
    expect(expiries.filter((expiry) => expiry === "expiring")).toHaveLength(2);
    expect(expiries.filter((expiry) => expiry === "expired")).toHaveLength(1);
    const checks = await em.find(PlantCheck, {}, { filters: false });
    expect(checks.filter((check) => check.result === "FAIL")).toHaveLength(1);
    expect(await em.count(PlantInspection, {}, { filters: false })).toBeGreaterThan(0);
  });
});
