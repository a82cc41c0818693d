import { expect, test } from "./fixtures";

/**
 * Permits to work and safety data sheets end to end (decision 034): a site engineer prepares a general
 * permit that they issue and receive themselves, answers its checklist, submits it, approves it with a drawn
 * signature (ACTIVE, and Active now: its period started at midnight), and finds it in the register; then
 * files a safety data sheet with its file.
 */
test("a permit to work prepared, submitted and approved with a signature; a safety data sheet filed", async ({
  team,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const page = await team.signedInPage(engineer);
  const work = team.unique("Cleaning out the site compound drains");

  await test.step("the engineer prepares a permit; the server refuses an end before the start", async () => {
    await page.goto("/safety/permits");
    await page.getByRole("link", { name: "New permit" }).first().click();
    await expect(page.getByRole("heading", { name: "New permit to work", level: 1 })).toBeVisible();
    await page.getByLabel("Type *").selectOption({ label: "General" });
    await page.getByLabel("Work *").fill(work);
    await page.getByLabel("Issuer *").selectOption({ label: engineer.name });
    await page.getByLabel("Receiver *").selectOption({ label: engineer.name });
    // Today on the site's clock is the form's start day: from midnight to the next day's midnight.
    const today = await page.getByLabel("From date *").inputValue();
    const next = new Date(`${today}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    await page.getByLabel("From time *").fill("00:00");
    await page.getByLabel("To date *").fill(today);
    await page.getByLabel("To time *").fill("00:00");
    await page.getByRole("button", { name: "Create permit" }).click();
    await expect(page.getByText("The permit must end after it starts.")).toBeVisible();
    await page.getByLabel("To date *").fill(next.toISOString().slice(0, 10));
    await page.getByLabel("Conditions").fill("Confined-space rules do not apply: open drains only.");
    await page.getByRole("button", { name: "Create permit" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`PTW-0001 ${work}`);
    await expect(page.getByText("In progress").first()).toBeVisible();
  });

  await test.step("its checklist is answered, then it is submitted", async () => {
    const checklist = page.getByRole("region", { name: "Checklist" });
    for (const item of [
      "Work area barricaded and signed",
      "Right PPE worn",
      "Workers briefed on the permit and its hazards",
    ])
      await checklist.getByRole("group", { name: item }).getByLabel("Yes").check();
    await checklist.getByRole("group", { name: "Emergency arrangements known" }).getByLabel("N/A").check();
    await checklist.getByRole("button", { name: "Save checklist" }).click();
    await expect(page.getByText("4 of 4 answered")).toBeVisible();
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await expect(page.getByText("In review").first()).toBeVisible();
  });

  await test.step("the issuer approves it with a drawn signature: ACTIVE, and Active now", async () => {
    const approve = page.getByRole("region", { name: "Approve and sign" });
    const pad = approve.getByRole("img", { name: "Signature drawing area" });
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("The signature pad is not on the page");
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + 30, { steps: 8 });
    await page.mouse.move(box.x + 160, box.y + box.height - 30, { steps: 8 });
    await page.mouse.up();
    await expect(approve.getByRole("img", { name: "Signature drawn" })).toBeVisible();
    await approve.getByRole("button", { name: "Approve permit" }).click();
    await expect(page.getByText("PTW-0001 approved: the permit is active.")).toBeVisible();
    const approvals = page.getByRole("region", { name: "Approvals and signatures" });
    await expect(approvals.getByText(`Approved by ${engineer.name}`)).toBeVisible();
    await expect(approvals.getByRole("img", { name: `Signature of ${engineer.name}` })).toBeVisible();
    await page.getByRole("link", { name: "Activity Log" }).click();
    await expect(page.getByText(`Signed by ${engineer.name}`)).toBeVisible();
  });

  await test.step("the register finds it among the active permits", async () => {
    await page.goto("/safety/permits?validity=active");
    await expect(page.getByRole("link", { name: "PTW-0001" }).first()).toBeVisible();
    await expect(page.getByText(/Showing 1 - 1 of 1/)).toBeVisible();
  });

  await test.step("a safety data sheet is filed with its file", async () => {
    await page.goto("/safety/sds");
    await page.getByRole("link", { name: "New SDS" }).first().click();
    await expect(page.getByRole("heading", { name: "New safety data sheet", level: 1 })).toBeVisible();
    await page.getByLabel("Product *").fill("Formwork release oil");
    await page.getByLabel("Supplier *").fill("Nox-Crete");
    await page.getByLabel("Issue date *").fill("2025-03-01");
    await page.getByLabel("Expiry date *").fill("2030-03-01");
    await page.locator('input[type="file"][name="file"]').setInputFiles({
      name: "release-oil-sds.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%release oil\n"),
    });
    await page.getByRole("button", { name: "File SDS" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("SDS-0001 Formwork release oil");
    await expect(page.getByRole("link", { name: "release-oil-sds.pdf" })).toBeVisible();
    await expect(page.getByText("Current").first()).toBeVisible();
  });
});
