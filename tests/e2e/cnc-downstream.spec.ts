import { randomUUID } from "node:crypto";
import { SubcontractClaim } from "~/modules/cost-and-commercial/entities";
import { Project } from "~/server/db/entities";
import { addMember, createCompany, createUser } from "~/tests/factories";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";

/**
 * Cost and Commercial downstream end to end (decision 044), on a 390 px phone: a site engineer lets a subcontract
 * to the formwork company, the company's approved dockets come in (written straight to the table: the Dockets
 * flow has its own spec), a payment claim received on Monday 2 November 2026 takes them in for exactly
 * $4,000.00 less 5 % retention, shows the NSW deadlines, and is certified for $3,900.00.
 */
test("a subcontract let, a claim that takes in the approved dockets, certified, on a phone", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const project = await team.project();
  const em = serverDatabase.em();
  const companyName = team.unique("Formwork Bros");
  const company = await createCompany(em, { name: companyName });
  await addMember(em, { project: em.getReference(Project, project.id), user: await createUser(em), company });
  const page = await team.signedInPage(engineer);
  await page.setViewportSize({ width: 390, height: 844 });
  const code = team.unique("SC");

  await test.step("the register is empty and leads to the form; the subcontract is created", async () => {
    await page.goto("/cost-and-commercial/downstream");
    await expect(page.getByRole("heading", { name: "Subcontracts", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "New subcontract" }).first().click();
    await expect(page.getByRole("heading", { name: "New subcontract", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByLabel("Code *").fill(code);
    await page.getByLabel("Title *").fill("Formwork to the piers");
    await page.getByLabel("Company *").selectOption({ label: companyName });
    await page.getByLabel("Type *").selectOption({ label: "Schedule of rates" });
    await page.getByLabel("Contract sum *").fill("250,000.005");
    await page.getByLabel("Retention (%)").fill("5");
    await page.getByRole("button", { name: "Create subcontract" }).click();
    await expect(page.getByText("Enter an amount, e.g. 1,234.56")).toBeVisible();
    await page.getByLabel("Contract sum *").fill("250,000.00");
    await page.getByRole("button", { name: "Create subcontract" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(code);
    await expect(page.getByText("$250,000.00")).toBeVisible();
  });

  const subcontractId = new URL(page.url()).pathname.split("/").at(-1) as string;
  for (const [number, date, cents] of [
    ["DKT-9001", "2026-10-05", 123_456],
    ["DKT-9002", "2026-10-12", 200_007],
    ["DKT-9003", "2026-10-20", 76_537],
  ] as const)
    await em.execute(
      `insert into docket (id, project_id, "number", docket_date, status, company_id, subcontract_id, total_cents, created_at, updated_at)
       values (?, ?, ?, ?::date, 'approved', ?, ?, ?, now(), now())`,
      [randomUUID(), project.id, number, date, company.id, subcontractId, cents],
    );

  await test.step("a claim takes in the approved dockets: exactly $4,000.00, with its deadlines", async () => {
    await page.getByRole("link", { name: "Payment claims", exact: true }).click();
    await page.getByRole("link", { name: "New payment claim" }).first().click();
    await page.getByLabel("Billing period end *").fill("2026-10-31");
    await page.getByLabel("Received on").fill("2026-11-02");
    await page.getByLabel("Invoice number").fill("INV-2041");
    await page.getByRole("button", { name: "New payment claim" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Payment claim 1 of ${code}`);
    await expect(page.getByText("$4,000.00").first()).toBeVisible();
    await expect(page.getByText("$200.00")).toBeVisible();
    for (const number of ["DKT-9001", "DKT-9002", "DKT-9003"])
      await expect(page.getByRole("link", { name: number })).toBeVisible();
    await expect(page.getByText("Nov 16, 2026")).toBeVisible();
    await expect(page.getByText("Nov 30, 2026")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("received and certified for $3,900.00", async () => {
    await page.getByRole("button", { name: "Receive" }).click();
    await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
    await page.getByLabel("Certified amount *").fill("3,900.00");
    await page.getByRole("button", { name: "Certify" }).click();
    await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("$3,900.00")).toBeVisible();
    const claim = await em.findOneOrFail(
      SubcontractClaim,
      { subcontract: subcontractId },
      { filters: false },
    );
    expect(Number(claim.claimedCents)).toBe(400_000);
    expect(Number(claim.certifiedCents)).toBe(390_000);
  });

  await test.step("the claims tab lists it with its totals, within the phone's width", async () => {
    await page.goto(`/cost-and-commercial/downstream/${subcontractId}/claims`);
    await expect(page.getByRole("link", { name: "Claim 1" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
