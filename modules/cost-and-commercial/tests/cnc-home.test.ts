import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import { ContractReminder, HeadContractClaim } from "../entities";
import { provider } from "../provides/home-widgets.server";
import * as home from "../routes/cnc-home";
import * as orderBook from "../routes/coming-soon-order-book";
import { commercialPicture } from "../server/cnc-home.server";
import { siteToday } from "../server/rfa.server";
import { makeHeadContract, upstreamTeam } from "./upstream-fixtures";

const db = setupTestDatabase();

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("the commercial home", () => {
  it("shows contract sum against claimed, the claims due and overdue, and the overdue reminders", async () => {
    const project = await createProject(db.em);
    const { viewer } = await upstreamTeam(db.em, project);
    const contract = await makeHeadContract(db.em, project);
    const em = db.em;
    const today = await siteToday({ em, project });
    const scoped = scopeToProject(em, project.id);
    const claim = (number: number, fields: Record<string, unknown>) =>
      scoped.create(HeadContractClaim, {
        project,
        headContract: contract,
        number,
        billingPeriodStart: "2026-01-01",
        billingPeriodEnd: "2026-01-31",
        currentPaymentDueCents: 100_00 * number,
        ...fields,
      } as never);
    // Overdue payment schedule; payment due in 5 days; paid (not due); draft (not counted); due in 20 days (not yet).
    claim(1, { status: "submitted", paymentScheduleDueOn: shift(today, -2), paymentDueOn: shift(today, 5) });
    claim(2, {
      status: "approved",
      scheduledAmountCents: 150_00,
      scheduleReceivedOn: today,
      paymentDueOn: shift(today, -1),
      paidOn: today,
    });
    claim(3, { status: "draft" });
    claim(4, { status: "in_review", paymentScheduleDueOn: shift(today, 20), paymentDueOn: shift(today, 25) });
    const reminder = (number: string, fields: Record<string, unknown>) =>
      scoped.create(ContractReminder, {
        project,
        side: "upstream",
        number,
        title: `Reminder ${number}`,
        recipients: [],
        ...fields,
      } as never);
    reminder("SCH-001", { startDate: shift(today, -3), status: "active" });
    reminder("SCH-002", { startDate: shift(today, -3), status: "paused" });
    reminder("SCH-003", { startDate: shift(today, 3), status: "active" });
    await scoped.flush();

    const page = await callLoader(home, "/cost-and-commercial/home", { cookie: viewer.cookie });
    expect(page.status).toBe(200);
    expect(page.data.contract).toMatchObject({
      contractSumCents: 1_000_000_00,
      claimedCents: 100_00 + 200_00 + 400_00,
      certifiedCents: 150_00,
      paidCents: 150_00,
    });
    expect(
      page.data.claimsOverdue.map((item: { number: number; deadline: string }) => [
        item.number,
        item.deadline,
      ]),
    ).toEqual([[1, "paymentSchedule"]]);
    expect(
      page.data.claimsDue.map((item: { number: number; deadline: string }) => [item.number, item.deadline]),
    ).toEqual([[1, "payment"]]);
    expect(page.data.overdueReminders.map((item: { number: string }) => item.number)).toEqual(["SCH-001"]);

    const [widget] = provider.contribution.widgets;
    const card = await widget.load({
      em,
      project,
      user: viewer.user,
      locale: "en",
      can: () => true,
      t: (key: string) => key,
    });
    expect(card?.counts.map((count) => count.value)).toEqual([1, 1, 1]);
    expect((await commercialPicture(em, project)).claimsDue).toHaveLength(1);
  });

  it("shows a coming-soon page to who may view upstream, and refuses who may not", async () => {
    const project = await createProject(db.em);
    const { viewer } = await upstreamTeam(db.em, project);
    const outsider = await signedInMember(db.em, project, ["plant.register.view"]);
    expect(
      (await callLoader(orderBook, "/cost-and-commercial/order-book", { cookie: viewer.cookie })).status,
    ).toBe(200);
    const refused = await callLoader(orderBook, "/cost-and-commercial/order-book", {
      cookie: outsider.cookie,
    });
    expect(refused.location).toBe("/forbidden");
  });
});
