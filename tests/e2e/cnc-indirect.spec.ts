import { IndirectCost, Subcontract, SubcontractVariation } from "~/modules/cost-and-commercial/entities";
import { Project } from "~/server/db/entities";
import { createCompany } from "~/tests/factories";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";

/**
 * A subcontract's variation and the project's indirect costs, on a 390 px phone: a variation is added (its
 * amount checked), submitted and approved with its day from its row's in-place steps; an indirect cost is
 * added (its month required), shows its variance, and is deleted once "I am sure" is ticked. The subcontract
 * is let beforehand (the downstream spec lets one through its pages).
 */
test("a variation approved and an indirect cost kept and deleted, on a phone", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(90_000);
  const admin = await team.add("Project Administrator");
  const project = await team.project();
  const em = serverDatabase.em();
  const company = await createCompany(em, { name: team.unique("Formwork Bros") });
  const code = team.unique("SC-FW");
  const subcontract = em.create(Subcontract, {
    project: em.getReference(Project, project.id),
    code,
    title: "Formwork to the piers",
    company,
    type: "schedule_of_rates",
    contractSumCents: 25_000_000,
    status: "approved",
  } as never);
  await em.flush();
  const page = await team.signedInPage(admin);
  await page.setViewportSize({ width: 390, height: 844 });

  await test.step("a variation is added once its amount reads as money", async () => {
    await page.goto(`/cost-and-commercial/downstream/${subcontract.id}/variations`);
    await expect(page.getByText("No variations yet.")).toBeVisible();
    await page.getByRole("link", { name: "Add variation" }).first().click();
    await expect(page.getByRole("heading", { name: "New variation", level: 2 })).toBeVisible();
    await page.getByLabel("Title *").fill("Additional formwork to pier 3 headstock");
    await page.getByLabel("Amount *").fill("12,500.505");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Add variation" }).click();
    await expect(page.getByText("Enter an amount, e.g. 1,234.56")).toBeVisible();
    await page.getByLabel("Amount *").fill("12,500.50");
    await page.getByRole("button", { name: "Add variation" }).click();
    await expect(page.getByText("Variation VAR-001 added")).toBeVisible();
    await expect(page.getByText("$12,500.50").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("it is submitted, then approved with the day it was approved", async () => {
    await page.getByRole("button", { name: "Submit VAR-001" }).click();
    await expect(page.getByText("Variation VAR-001 submitted")).toBeVisible();
    await page.getByLabel("Approve VAR-001").click();
    await page.getByLabel("Approved on *").fill("2026-11-20");
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByText("Variation VAR-001 approved")).toBeVisible();
    await expectNoSidewaysScroll(page);
    const variation = await em
      .fork()
      .findOneOrFail(SubcontractVariation, { subcontract: subcontract.id }, { filters: false });
    expect(variation.status).toBe("approved");
    expect(Number(variation.amountCents)).toBe(1_250_050);
  });

  await test.step("an indirect cost is added once its month is given, with its variance", async () => {
    await page.goto("/cost-and-commercial/indirect");
    await expect(page.getByRole("heading", { name: "Indirect costs", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Add indirect cost" }).first().click();
    await page.getByLabel("Category *").fill("Site establishment");
    // The month is a month picker: a month left out is refused by the server too.
    await page.getByLabel("Month *").fill("");
    await page.getByLabel("Description *").fill("Site sheds and amenities hire");
    await page.getByLabel("Budget *").fill("4,200.00");
    await page.getByLabel("Actual").fill("4,650.25");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Add indirect cost" }).click();
    await expect(page.getByText("This field is required")).toBeVisible();
    await page.getByLabel("Month *").fill("2026-11");
    await page.getByRole("button", { name: "Add indirect cost" }).click();
    await expect(page.getByText("Indirect cost Site sheds and amenities hire added")).toBeVisible();
    // Variance is budget less actual: over budget by 450.25.
    await expect(page.getByText("-$450.25").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("it is deleted only once 'I am sure' is ticked", async () => {
    await page.getByLabel("Delete Site sheds and amenities hire").click();
    await page.getByLabel("I am sure").check();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Indirect cost Site sheds and amenities hire deleted")).toBeVisible();
    expect(await em.fork().count(IndirectCost, { project: project.id }, { filters: false })).toBe(0);
  });
});
