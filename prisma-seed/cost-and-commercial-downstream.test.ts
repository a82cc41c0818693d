import { describe, expect, it } from "vitest";
import { Subcontract, SubcontractClaim } from "~/modules/cost-and-commercial/entities";
import { Docket } from "~/modules/dockets/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("the demo subcontracts", () => {
  it("are one per docket subcontractor, with a first claim that took in the formwork's earlier dockets", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const em = db.em.fork();
    const subcontracts = await em.find(
      Subcontract,
      {},
      { filters: false, populate: ["company"], orderBy: { code: "asc" } },
    );
    expect(subcontracts.map((row) => [row.code, row.company.name])).toEqual([
      ["SC-NBU-01", expect.stringMatching(/formwork/i)],
      ["SC-NBU-02", "Ridgeline Plant Hire Pty Ltd"],
    ]);
    const [claim] = await em.find(SubcontractClaim, {}, { filters: false });
    const taken = await em.find(Docket, { claimId: claim.id }, { filters: false });
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.every((docket) => ["approved", "posted"].includes(docket.status))).toBe(true);
    expect(Number(claim.docketsCents)).toBe(
      taken.reduce((sum, docket) => sum + Number(docket.totalCents), 0),
    );
    expect(Number(claim.claimedCents)).toBe(Number(claim.docketsCents));
    // The formwork's later approved docket is left for the next claim.
    const waiting = await em.find(
      Docket,
      { subcontractId: subcontracts[0].id, claimId: null, status: "approved" },
      { filters: false },
    );
    expect(waiting).toHaveLength(1);
  });
});
