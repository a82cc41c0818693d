import { HeadContractClaim } from "~/modules/cost-and-commercial/entities";
import { expect, test } from "./fixtures";

/**
 * Cost and Commercial upstream end to end (decision 044), on a 390 px phone: a site engineer opens Upstream,
 * is led to create the project's head contract (the server refuses an amount with three decimals), adds a
 * progress claim, submits it as served on the client on Monday 2 November 2026, and sees the NSW
 * security-of-payment deadlines worked out: the payment schedule by 16 November, the payment by 23 November.
 */
test("a head contract created, a claim added and submitted, and its deadlines shown, on a phone", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const page = await team.signedInPage(engineer);
  await page.setViewportSize({ width: 390, height: 844 });
  const code = team.unique("HC");

  await test.step("Upstream leads to the head contract's form; a bad amount is refused", async () => {
    await page.goto("/cost-and-commercial/upstream");
    await expect(page.getByRole("heading", { name: "New head contract", level: 1 })).toBeVisible();
    await page.getByLabel("Code *").fill(code);
    await page.getByLabel("Client *").fill("Roads Authority");
    await page.getByLabel("Description *").fill("Northern bridge: two spans and approaches");
    await page.getByLabel("Type *").selectOption({ label: "Design and construct" });
    await page.getByLabel("Contract sum *").fill("1,000,000.005");
    await page.getByLabel("Retention (%)").fill("5");
    await page.getByRole("button", { name: "Create head contract" }).click();
    await expect(page.getByText("Enter an amount, e.g. 1,234.56")).toBeVisible();
    await page.getByLabel("Contract sum *").fill("1,000,000.00");
    await page.getByRole("button", { name: "Create head contract" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(code);
    await expect(page.getByText("$1,000,000.00")).toBeVisible();
  });

  await test.step("a claim is added on the Claims tab", async () => {
    await page.getByRole("link", { name: "Claims", exact: true }).click();
    await page.getByRole("link", { name: "New claim" }).click();
    await page.getByLabel("Billing period start *").fill("2026-10-01");
    await page.getByLabel("Billing period end *").fill("2026-10-31");
    await page.getByLabel("Scheduled value *").fill("400,000");
    await page.getByLabel("Work completed *").fill("100,000.00");
    await page.getByRole("button", { name: "Create claim" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Claim 1 on ${code}`);
    // 100 000.00 less 5 % retention, nothing claimed before.
    await expect(page.getByText("$95,000.00").first()).toBeVisible();
  });

  await test.step("submitted as served on 2 November 2026, it shows when the schedule and the payment are due", async () => {
    await page.getByLabel("Served on the client on *").fill("2026-11-02");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Nov 16, 2026")).toBeVisible();
    await expect(page.getByText("Nov 23, 2026")).toBeVisible();
    const em = serverDatabase.em();
    const claim = await em.findOneOrFail(HeadContractClaim, { headContract: { code } }, { filters: false });
    expect(String(claim.paymentDueOn)).toContain("2026-11-23");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  await test.step("the claims register lists it with its totals, within the phone's width", async () => {
    await page.goto("/cost-and-commercial/upstream?tab=claims");
    await expect(page.getByRole("link", { name: "Claim 1" })).toBeVisible();
    await expect(page.getByText("Totals")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
