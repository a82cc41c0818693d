import { describe, expect, it } from "vitest";
import { itemAmountCents } from "~/modules/dockets/domain/docket-money";
import { DOCKET_STATUSES } from "~/modules/dockets/domain/docket-workflow";
import { Docket, DocketItem, ResourceRate } from "~/modules/dockets/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("the demo dockets", () => {
  it("are in every state for two subcontractors, with items priced from the rates and totals that add up", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const em = db.em.fork();
    const dockets = await em.find(Docket, {}, { filters: false, populate: ["company", "project"] });
    expect(new Set(dockets.map((docket) => docket.status))).toEqual(new Set(DOCKET_STATUSES));
    expect(new Set(dockets.map((docket) => docket.company?.name))).toEqual(
      new Set(["Apex Formwork Pty Ltd", "Ridgeline Plant Hire Pty Ltd"]),
    );
    for (const status of DOCKET_STATUSES)
      expect(
        new Set(dockets.filter((docket) => docket.status === status).map((docket) => docket.company?.id))
          .size,
      ).toBe(2);
    const items = await em.find(DocketItem, {}, { filters: false, populate: ["resourceRate"] });
    for (const docket of dockets) {
      const own = items.filter((item) => item.docket.id === docket.id);
      expect(own.length).toBeGreaterThan(0);
      expect(docket.totalCents).toBe(own.reduce((sum, item) => sum + item.amountCents, 0));
      for (const item of own) {
        expect(item.resourceRate).toBeTruthy();
        expect(item.amountCents).toBe(itemAmountCents(item.unitPriceCents, item.quantity));
      }
    }
    const rates = await em.find(ResourceRate, {}, { filters: false });
    expect(rates.filter((rate) => rate.active).length).toBeGreaterThan(4);
    expect(rates.some((rate) => !rate.active)).toBe(true);
    const totals = await em.execute<{ status: string; total: string }[]>(
      "select status, total from docket_status_total where project_id = ?",
      [dockets[0].project.id],
    );
    expect(totals.reduce((sum, row) => sum + Number(row.total), 0)).toBe(dockets.length);
  }, 300_000);
});
