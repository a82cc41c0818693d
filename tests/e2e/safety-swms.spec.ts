import { Company, ProjectMember } from "~/server/db/entities";
import { expect, test } from "./fixtures";

/**
 * SWMS end to end (decision 037): a site engineer writes a high-risk SWMS step by step for their company and
 * submits it; one HSSE manager does its initial review (and may not also do its final review); another
 * does the final review and accepts it. The Activity Log shows each step with who took it. The reviewer then
 * shows the accepted SWMS's QR code and a worker without an account signs on through it with JavaScript off
 * (decision 035, SWMS addendum); the worker is listed on the SWMS.
 */
test("a high-risk SWMS is written, submitted, and goes through initial and final review to accepted", async ({
  team,
  serverDatabase,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const initialReviewer = await team.add("HSSE Manager");
  const finalReviewer = await team.add("HSSE Manager");
  // A SWMS is for a company of the project: the engineer's.
  const companyName = team.unique("Scaffold Co");
  const em = serverDatabase.em();
  const company = em.create(Company, { name: companyName } as never);
  const member = await em.findOneOrFail(ProjectMember, { user: engineer.id });
  member.company = company;
  await em.flush();

  const page = await team.signedInPage(engineer);
  const title = team.unique("Erect scaffold to level 3");
  let swmsUrl = "";

  await test.step("the engineer writes the SWMS; the server refuses it with nothing written", async () => {
    await page.goto("/safety/swms");
    await expect(page.getByRole("link", { name: "All SWMS" })).toBeVisible();
    await page.getByRole("link", { name: "Create SWMS" }).first().click();
    await expect(page.getByRole("heading", { name: "Create SWMS", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Create SWMS" }).click();
    await expect(page.getByText("This field is required").first()).toBeVisible();

    await page.getByLabel("Type *").selectOption({ label: "System" });
    await page.getByLabel("Company *").selectOption({ label: companyName });
    await page.getByLabel("Title *").fill(title);
    await page.getByLabel("r291(a) Risk of a person falling more than 2 metres").check();
    await page.getByLabel("Job step").first().fill("Lift standards and ledgers to level 3");
    await page.getByLabel("Hazards").first().fill("Fall from height; falling objects");
    await page.getByLabel("Controls").first().fill("Harness clipped on; exclusion zone below");
    await page.getByLabel("Likelihood before controls").first().selectOption({ label: "Likely" });
    await page.getByLabel("Consequence before controls").first().selectOption({ label: "Major" });
    await page.getByLabel("Likelihood after controls").first().selectOption({ label: "Rare" });
    await page.getByLabel("Consequence after controls").first().selectOption({ label: "Major" });
    await page.getByRole("button", { name: "Create SWMS" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`SWMS-0001 ${title}`);
    await expect(page.getByText("Extreme (16)")).toBeVisible();
    await expect(page.getByText("Low (4)")).toBeVisible();
    swmsUrl = page.url();
  });

  await test.step("the engineer submits it: a high-risk SWMS goes to its initial review", async () => {
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("SWMS-0001 submitted for its initial review.")).toBeVisible();
    // Reviewing is not the author's.
    await expect(page.getByRole("button", { name: "Complete initial review" })).toHaveCount(0);
    await page.goto("/safety/swms?tab=pending_review");
    await expect(page.getByRole("link", { name: "SWMS-0001" })).toBeVisible();
  });

  await test.step("one HSSE manager does the initial review, and may not do the final one", async () => {
    const reviewerPage = await team.signedInPage(initialReviewer);
    await reviewerPage.goto(swmsUrl);
    await reviewerPage.getByRole("button", { name: "Complete initial review" }).click();
    await expect(
      reviewerPage.getByText("Initial review of SWMS-0001 done: it goes to its final review."),
    ).toBeVisible();
    await expect(reviewerPage.getByRole("button", { name: "Accept", exact: true })).toHaveCount(0);
  });

  await test.step("another HSSE manager does the final review and accepts it", async () => {
    const reviewerPage = await team.signedInPage(finalReviewer);
    await reviewerPage.goto(swmsUrl);
    await reviewerPage.getByRole("button", { name: "Accept", exact: true }).click();
    await expect(reviewerPage.getByText("SWMS-0001 accepted.")).toBeVisible();
    const header = reviewerPage
      .locator("header")
      .filter({ has: reviewerPage.getByRole("heading", { level: 1 }) });
    await expect(header.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(reviewerPage.getByText(initialReviewer.name)).toBeVisible();

    await reviewerPage.getByRole("link", { name: "Activity Log" }).click();
    await expect(reviewerPage.getByText(`Created by ${engineer.name}`)).toBeVisible();
    await expect(reviewerPage.getByText(`Status updated by ${engineer.name}`)).toBeVisible();
    await expect(reviewerPage.getByText(`Status updated by ${initialReviewer.name}`)).toBeVisible();
    await expect(reviewerPage.getByText(`Status updated by ${finalReviewer.name}`)).toBeVisible();
    await expect(reviewerPage.getByText("Final review → Accepted")).toBeVisible();
  });

  await test.step("a worker signs on to the accepted SWMS through its QR code with JavaScript off", async () => {
    const reviewerPage = await team.signedInPage(finalReviewer);
    await reviewerPage.goto(swmsUrl);
    const section = reviewerPage.getByRole("region", { name: "Workers signed on" });
    await expect(section.getByText("No worker has signed on yet.")).toBeVisible();
    await section.getByRole("button", { name: "Show code" }).click();
    await expect(reviewerPage.getByRole("img", { name: "QR code of the SWMS sign-on page" })).toBeVisible();
    const signOnPath =
      (await reviewerPage.getByRole("link", { name: "Open the sign-on page" }).getAttribute("href")) ?? "";
    expect(signOnPath).toMatch(/^\/external\/swms\/[0-9a-f-]+\/sign-on\?token=/);

    const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB", baseURL });
    const phone = await context.newPage();
    await phone.goto(signOnPath);
    await expect(phone.getByRole("heading", { name: "Sign on to the SWMS" })).toBeVisible();
    await expect(phone.getByText(`SWMS-0001 ${title}`)).toBeVisible();
    await expect(phone.getByText("I have read and understood this SWMS and will work to it.")).toBeVisible();
    await phone.getByLabel("Your full name *").fill("Dao Van");
    await phone.getByLabel("Your company *").fill(companyName);
    await phone.getByLabel("Or type your full name").fill("Dao Van");
    await phone.getByRole("button", { name: "Sign on" }).click();
    await expect(phone.getByText("Thank you, Dao Van: you are signed on to this SWMS.")).toBeVisible();
    await context.close();

    await reviewerPage.reload();
    await expect(section.getByText("Dao Van")).toBeVisible();
    await reviewerPage.getByRole("link", { name: "Activity Log" }).click();
    await expect(reviewerPage.getByText("Signed on with the QR code by Dao Van")).toBeVisible();
    await expect(reviewerPage.getByText(`Sign-on QR code shown by ${finalReviewer.name}`)).toBeVisible();
  });
});
