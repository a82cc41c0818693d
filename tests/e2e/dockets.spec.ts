import { Docket, ResourceRate } from "~/modules/dockets/entities";
import { Company, ProjectMember } from "~/server/db/entities";
import { expect, test } from "./fixtures";

/**
 * Dockets end to end (decision 043): a site engineer writes a docket up with an item priced from a resource
 * rate and a typed one added as a row (the server works the amounts out in cents), submits it and sends it to the project
 * engineer, who finds it on Assigned To Me and approves it; the register fits a 390 px phone.
 */
test("a docket priced from a rate is submitted, sent for approval and approved by the approver", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const approver = await team.add("Project Engineer");
  const project = await team.project();
  const companyName = team.unique("Acme Earthworks");
  const em = serverDatabase.em();
  const company = em.create(Company, { name: companyName, taxId: "51 824 753 556" } as never);
  const member = await em.findOneOrFail(ProjectMember, { user: engineer.id });
  member.company = company;
  em.create(ResourceRate, {
    project: project.id,
    code: "EXC-20",
    title: "20 t excavator",
    unitOfMeasure: "hr",
    unitPriceCents: 18_550,
  } as never);
  await em.flush();
  const page = await team.signedInPage(engineer);

  await test.step("the engineer writes the docket up with an item priced from the rate and a typed one", async () => {
    await page.goto("/dockets");
    await page.getByRole("link", { name: "Create Docket" }).first().click();
    await expect(page.getByRole("heading", { name: "Create Docket", level: 1 })).toBeVisible();
    await page.getByLabel("Company").selectOption({ label: companyName });
    await page.getByLabel("PO number").fill("PO-4471");
    await page.getByLabel("For approval by").selectOption({ label: approver.name });
    await page.getByLabel("Resource rate").first().selectOption({ label: "EXC-20 — 20 t excavator" });
    await page.getByLabel("Quantity *").first().fill("7.5");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("Code").nth(1).fill("FILL");
    await page.getByLabel("Title").nth(1).fill("Select fill");
    await page.getByLabel("Unit of measure").nth(1).fill("t");
    await page.getByLabel("Unit price").nth(1).fill("42.95");
    await page.getByLabel("Quantity *").nth(1).fill("0.333");
    await page.getByRole("button", { name: "Create docket" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`DKT-0001 ${companyName}`);
    await page.getByRole("link", { name: "Items" }).click();
    // Worked out in cents on the server: 7.5 × 185.50 = 1,391.25 (the rate's code copied); 0.333 × 42.95 =
    // 14.30235 → 14.30; total 1,405.55.
    await expect(page.getByRole("cell", { name: "EXC-20" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "$1,391.25" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "$14.30" })).toBeVisible();
    await expect(page.locator("[data-total]")).toHaveText("$1,405.55");
  });

  await test.step("the engineer submits it and sends it for approval", async () => {
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("Submitted").first()).toBeVisible();
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await expect(page.getByText("In review").first()).toBeVisible();
  });

  const approverPage = await team.signedInPage(approver);
  await test.step("the approver finds it on Assigned To Me and approves it", async () => {
    await approverPage.goto("/dockets");
    await approverPage.getByRole("link", { name: "Assigned To Me" }).click();
    await expect(approverPage).toHaveURL(/tab=mine/);
    await approverPage.getByRole("link", { name: "DKT-0001" }).first().click();
    await approverPage.getByRole("button", { name: "Approve" }).click();
    // "Approved" is on the page before the step (the workflow's states are listed): wait for the docket itself.
    const stored = async () => {
      const docket = await em.fork().findOneOrFail(Docket, { project: project.id }, { filters: false });
      return [docket.status, docket.totalCents];
    };
    await expect.poll(stored).toEqual(["approved", 140_555]);
    await expect(approverPage.getByText("Approved").first()).toBeVisible();
  });

  await test.step("the register fits a 390 px phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dockets");
    await expect(page.getByRole("link", { name: "DKT-0001" }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto("/dockets?q=824%20753");
    await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();
  });
});
