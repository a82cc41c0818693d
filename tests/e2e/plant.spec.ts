import { PlantItem } from "~/modules/plant/entities";
import { Company, Notification, ProjectMember } from "~/server/db/entities";
import { expect, test } from "./fixtures";

/**
 * Plant and machinery end to end (decision 038): a site engineer registers a plant item hired from their
 * company (the server refuses an off-hire before the on-hire), adds its insurance expiring in ten days with
 * its file, records a pre-start check that fails on the brakes (the project administrator is told), submits
 * it and approves it for use; the plant home counts it on site, with expiring documents and a failed check,
 * each figure leading to the register listing exactly it; the register fits a 390 px phone.
 */
test("a plant item registered, documented, failing its pre-start check, approved, and counted on the plant home", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const administrator = await team.add("Project Administrator");
  const companyName = team.unique("Coates Hire");
  const em = serverDatabase.em();
  const company = em.create(Company, { name: companyName } as never);
  const member = await em.findOneOrFail(ProjectMember, { user: engineer.id });
  member.company = company;
  await em.flush();
  const page = await team.signedInPage(engineer);
  const serial = team.unique("XAB");
  let today = "";

  await test.step("the engineer registers the plant item; the server refuses an off-hire before the on-hire", async () => {
    await page.goto("/plants-and-machinery");
    await page.getByRole("link", { name: "Register plant" }).first().click();
    await expect(page.getByRole("heading", { name: "Register plant", level: 1 })).toBeVisible();
    today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    await page.getByLabel("Make *").fill("Komatsu");
    await page.getByLabel("Model *").fill("PC210 excavator");
    await page.getByLabel("Registration / serial *").fill(serial);
    await page.getByLabel("Owner company *").selectOption({ label: companyName });
    await page.getByLabel("On-hire date").fill("2026-01-10");
    await page.getByLabel("Off-hire date").fill("2026-01-09");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("The off-hire date cannot be before the on-hire date")).toBeVisible();
    expect(await em.fork().count(PlantItem, { serial }, { filters: false })).toBe(0);
    // On hire from a week ago (the site's today may be a day off UTC), no off-hire yet.
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("On-hire date").fill(weekAgo);
    await page.getByLabel("Off-hire date").fill("");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("PLT-0001 Komatsu PC210 excavator");
    await expect(page.getByText("Being registered").first()).toBeVisible();
  });

  await test.step("a document expiring in ten days is added with its file", async () => {
    await page.getByRole("link", { name: "Documents" }).click();
    await page.getByRole("link", { name: "Add a document" }).click();
    await page.getByLabel("Type *").selectOption({ label: "Insurance" });
    await page.getByLabel("Title *").fill("Plant insurance policy");
    const inTen = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Expiry date").fill(inTen);
    await page.locator('input[type="file"]').setInputFiles({
      name: "insurance.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%insurance\n"),
    });
    await page.getByRole("button", { name: "Add document" }).click();
    await expect(page.getByText("Plant insurance policy", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "insurance.pdf" })).toBeVisible();
    await expect(page.getByText("Expiring soon").first()).toBeVisible();
    await expect(page.getByText("1 document expires within 30 days.")).toBeVisible();
  });

  await test.step("a pre-start check fails on the brakes, and the administrator is told", async () => {
    await page.getByRole("link", { name: "Inspections & pre-start checks" }).click();
    await page.getByText("Record a pre-start check").click();
    await page.getByLabel("Operator *").fill("Sione Taufa");
    for (const item of [
      "Lights",
      "Horn",
      "Fluid leaks",
      "Guards",
      "Fire extinguisher",
      "Seatbelt",
      "Reversing alarm",
    ])
      await page.getByRole("radiogroup", { name: item }).getByLabel("Pass").check();
    await page.getByRole("radiogroup", { name: "Brakes" }).getByLabel("Fail").check();
    await page.getByLabel("Brakes: Comment").fill("Soft pedal");
    await page.getByRole("button", { name: "Save the check" }).click();
    await expect(page.getByText("Failed: Brakes (Soft pedal)")).toBeVisible();
    await expect
      .poll(() =>
        em
          .fork()
          .count(
            Notification,
            { recipient: administrator.id, event: "plant-check-failed" },
            { filters: false },
          ),
      )
      .toBe(1);
  });

  await test.step("it is submitted and approved for use on site", async () => {
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("In review").first()).toBeVisible();
    await page.getByRole("button", { name: "Approve for use on site" }).click();
    await expect(page.getByText("Approved for use").first()).toBeVisible();
    await page.getByRole("link", { name: "Activity Log" }).click();
    await expect(page.getByText("State changed by", { exact: false }).first()).toBeVisible();
    await expect(page.getByText("From In review to Approved for use")).toBeVisible();
  });

  await test.step("the plant home counts it, and each figure leads to the register listing exactly it", async () => {
    await page.goto("/plants-and-machinery/home");
    for (const figure of [
      "Plant on site today",
      "Plant with documents expiring within 30 days",
      "Plant with a failed pre-start check in the last 7 days",
    ]) {
      await page.goto("/plants-and-machinery/home");
      const link = page.getByRole("link", { name: figure });
      await expect(link).toContainText("1");
      await link.click();
      await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();
      await expect(page.getByRole("link", { name: "PLT-0001" }).first()).toBeVisible();
    }
  });

  await test.step("the register fits a 390 px phone, as cards", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/plants-and-machinery");
    await expect(page.getByRole("link", { name: "PLT-0001" }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`/plants-and-machinery?q=${encodeURIComponent(serial)}`);
    await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();
  });
});

/**
 * Without JavaScript (plain GET and POST forms): the register is searched and filtered through its forms, and
 * an inspection and a passing pre-start check are recorded on the plant's page.
 */
test("the plant register and the checks tab work without JavaScript", async ({ team, serverDatabase }) => {
  const engineer = await team.add("Site Engineer");
  const project = await team.project();
  const em = serverDatabase.em();
  const company = em.create(Company, { name: team.unique("Kennards Hire") } as never);
  const member = await em.findOneOrFail(ProjectMember, { user: engineer.id });
  member.company = company;
  for (const [number, make, status] of [
    ["PLT-0001", "Bomag", "ACTIVE"],
    ["PLT-0002", "Hitachi", "IN_REVIEW"],
  ])
    em.create(PlantItem, {
      project: project.id,
      number,
      make,
      model: "Roller",
      serial: `${number}-REG`,
      serialKey: `${number}-REG`,
      ownerCompany: company,
      status,
      onHireDate: "2026-01-01",
    } as never);
  await em.flush();
  const page = await team.signedInPage(engineer, { javaScriptEnabled: false });

  await page.goto("/plants-and-machinery");
  await expect(page.getByText("Showing 1 - 2 of 2")).toBeVisible();
  await page.getByLabel("Search plant").fill("hitachi");
  await page.getByLabel("Search plant").press("Enter");
  await expect(page).toHaveURL(/q=hitachi/);
  await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();
  await page.goto("/plants-and-machinery?status=ACTIVE");
  await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();
  await page.getByRole("link", { name: "PLT-0001" }).first().click();

  await page.getByRole("link", { name: "Inspections & pre-start checks" }).click();
  await page.getByText("Record an inspection").click();
  await page.getByLabel("Inspector *").fill("Plantsafe Inspections");
  await page.getByRole("radio", { name: "Pass" }).last().check();
  await page.getByRole("button", { name: "Save the inspection" }).click();
  await expect(page.getByText("Plantsafe Inspections")).toBeVisible();

  await page.getByText("Record a pre-start check").click();
  await page.getByLabel("Operator *").fill("Ana Silva");
  for (const item of [
    "Brakes",
    "Lights",
    "Horn",
    "Fluid leaks",
    "Guards",
    "Fire extinguisher",
    "Seatbelt",
    "Reversing alarm",
  ])
    await page
      .getByRole("radiogroup", { name: item })
      .getByLabel(item === "Seatbelt" ? "N/A" : "Pass")
      .check();
  await page.getByRole("button", { name: "Save the check" }).click();
  await expect(page.getByText("Ana Silva")).toBeVisible();
});
