import { describe, expect, it } from "vitest";
import { claimDeadlines } from "~/modules/cost-and-commercial/domain/payment-deadlines";
import {
  ComplianceDocument,
  HeadContract,
  HeadContractClaim,
  RequestForApproval,
  RevenueMonth,
} from "~/modules/cost-and-commercial/entities";
import { dayOfDateColumn } from "~/server/db/date-column";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("the demo head contracts", () => {
  it("are one per project with three claims in different states, documents with key dates, revenue and two RFAs", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const em = db.em.fork();
    const contracts = await em.find(HeadContract, {}, { filters: false, populate: ["project"] });
    expect(contracts.map((contract) => contract.project.name).sort()).toEqual([
      "Northern Bridge Upgrade",
      "Western Rail Link",
    ]);
    for (const contract of contracts) {
      const claims = await em.find(
        HeadContractClaim,
        { headContract: contract.id },
        { filters: false, orderBy: { number: "asc" } },
      );
      expect(claims.map((claim) => [claim.number, claim.status])).toEqual([
        [1, "approved"],
        [2, "submitted"],
        [3, "draft"],
      ]);
      // The served claim's deadlines are the law's from the day it was served.
      const served = claims[1];
      const servedOn = dayOfDateColumn(served.submittedOn) as string;
      expect({
        paymentScheduleDueOn: dayOfDateColumn(served.paymentScheduleDueOn),
        paymentDueOn: dayOfDateColumn(served.paymentDueOn),
      }).toEqual(claimDeadlines({ jurisdiction: contract.jurisdiction, side: "head-contract", servedOn }));
      // Claim 2 takes off what claim 1 was certified, not what it claimed.
      expect(Number(served.currentPaymentDueCents)).toBe(
        Number(served.grandTotalCents) - Number(claims[0].scheduledAmountCents),
      );
      const documents = await em.find(ComplianceDocument, { headContract: contract.id }, { filters: false });
      expect(documents).toHaveLength(3);
      expect(documents.every((document) => document.keyDates.length > 0)).toBe(true);
      expect(await em.count(RevenueMonth, { headContract: contract.id }, { filters: false })).toBe(12);
      const rfas = await em.find(
        RequestForApproval,
        { headContract: contract.id },
        { filters: false, orderBy: { number: "asc" } },
      );
      expect(rfas.map((rfa) => [rfa.number, rfa.status])).toEqual([
        ["RFA-001", "answered"],
        ["RFA-002", "submitted"],
      ]);
    }
  }, 120_000); // The whole demo seed runs first: slow on a busy machine.
});
