import { gzipSync } from "node:zlib";
import { Subcontract, SubcontractClaim } from "~/modules/cost-and-commercial/entities";
import { Docket, ResourceRate } from "~/modules/dockets/entities";
import { type FakeAccCost, startFakeAccCost } from "~/plugins/acc/testing/fake-acc-cost-server";
import { docketPng } from "~/prisma-seed/dockets-intray";
import { dayOfDateColumn } from "~/server/db/date-column";
import { Company, ProjectMember } from "~/server/db/entities";
import { expect, test } from "./fixtures";

/**
 * Dockets end to end (issue #16): a photo of a paper docket is uploaded to the intray and written up as a draft
 * docket, filled in from resource rates and sent for approval; the subcontractor's supervisor signs it through
 * the link the details page makes, on a 390 px phone with JavaScript off; it is approved on its page; ACC is
 * connected (to the fake Cost Management server this test starts on loopback) and the posting panel's "Post to
 * ACC" queues the job that posts it: posted, with ACC's expense id, and ACC holds exactly one expense with its
 * items. The docket names the company's subcontract (let beforehand: Cost and Commercial's own spec lets one
 * through its pages), and the subcontract's next payment claim takes the posted docket in at its total. Every
 * step is a user's, through the pages.
 */

let fake: FakeAccCost;
test.beforeAll(async () => {
  fake = await startFakeAccCost();
});
test.afterAll(async () => {
  await fake.close();
});

test("an intray photo becomes a docket, is signed through the link without JavaScript, approved, posted to ACC and claimed", async ({
  team,
  serverDatabase,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await team.add("Project Administrator");
  const page = await team.signedInPage(admin);
  const em = serverDatabase.em();
  const photo = `${team.unique("docket-photo")}.png`;
  const project = await team.project();
  const companyName = team.unique("Dig Deep Pty Ltd");
  // The subcontractor's company is on the project through one of its people (the docket form lists those).
  const foreman = await team.add("Site Engineer");
  const member = await em.findOneOrFail(ProjectMember, { user: foreman.id });
  const company = em.create(Company, { name: companyName } as never);
  member.company = company;
  const subcontractCode = team.unique("SC-EW");
  const subcontract = em.create(Subcontract, {
    project: project.id,
    code: subcontractCode,
    title: "Bulk earthworks",
    company,
    type: "schedule_of_rates",
    contractSumCents: 50_000_000,
  } as never);
  for (const [code, title, unitPriceCents] of [
    ["LAB-01", "Labourer", 9550],
    ["EXC-20", "20 t excavator", 18000],
  ] as const)
    em.create(ResourceRate, {
      project: project.id,
      code,
      title,
      unitOfMeasure: "hr",
      unitPriceCents,
    } as never);
  await em.flush();
  let docketId = "";

  await test.step("the photo is uploaded to the intray and written up as a draft docket", async () => {
    await page.goto("/dockets/intray");
    await expect(page.getByRole("heading", { name: "Intray", level: 1 })).toBeVisible();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: photo, mimeType: "image/png", buffer: docketPng(1) });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    // The stored photo's card (the upload form's list of chosen files names it too, until the page moves on).
    const card = page.getByRole("listitem").filter({ has: page.getByRole("img", { name: photo }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("img", { name: photo })).toBeVisible();
    const written = page.waitForURL(/\/dockets\/[0-9a-f-]{36}\/edit$/);
    await card.getByRole("button", { name: "Write up" }).click();
    await written;
    docketId = /\/dockets\/([0-9a-f-]{36})\/edit$/.exec(page.url())?.[1] ?? "";
    const docket = await em.findOneOrFail(Docket, docketId, { filters: false });
    expect(docket.status).toBe("draft");
    expect(docket.number).toMatch(/^DKT-\d{4}$/);
  });

  await test.step("the docket is filled in from a resource rate and sent for approval", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByLabel("Company").selectOption({ label: companyName });
    await page.getByLabel("Task").fill("Bulk excavation");
    await page.getByLabel("Subcontract").selectOption({ label: `${subcontractCode} · Bulk earthworks` });
    await page.getByLabel("For approval by").selectOption({ label: admin.name });
    // Written up from a photo, the docket has no items yet.
    await expect(page.getByLabel("Resource rate")).toHaveCount(0);
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("Resource rate").first().selectOption({ label: "LAB-01 — Labourer" });
    await page.getByLabel("Quantity *").first().fill("8");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByLabel("Resource rate").nth(1).selectOption({ label: "EXC-20 — 20 t excavator" });
    await page.getByLabel("Quantity *").nth(1).fill("2.5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL(new RegExp(`/dockets/${docketId}$`));
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("Submitted").first()).toBeVisible();
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await expect(page.getByText("In review").first()).toBeVisible();
  });

  let signingLink = "";
  await test.step("a signing link is made for the supervisor on the details page", async () => {
    await page.getByRole("button", { name: "Make signing link" }).click();
    await expect(page.getByRole("img", { name: "QR code of the signing link" })).toBeVisible();
    signingLink = new URL((await page.getByTestId("signing-link").getAttribute("href")) ?? "").pathname;
    expect(signingLink).toMatch(/^\/external\/dockets\/sign\/[\w-]+$/);
  });

  await test.step("the supervisor signs on a 390 px phone with JavaScript off", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const phone = await context.newPage();
    const response = await phone.goto(signingLink);
    const html = (await response?.text()) ?? "";
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
    const scripts = [
      ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ]
      .map((match) => match[1] ?? match[2])
      .filter(Boolean);
    let jsGzip = 0;
    for (const url of new Set(scripts)) jsGzip += gzipSync(await (await page.request.get(url)).body()).length;
    expect(jsGzip).toBeLessThan(120 * 1024);

    await expect(phone.getByRole("heading", { name: /^Docket DKT-\d{4}$/ })).toBeVisible();
    await expect(phone.getByText("$1,214.00")).toBeVisible();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    await phone.getByLabel("Your full name").fill("Sam Supervisor");
    await phone.getByLabel("I confirm these quantities").check();
    await phone.getByRole("button", { name: "Sign docket" }).click();
    await expect(phone.getByRole("heading", { name: "Docket signed" })).toBeVisible();
    await phone.goto(signingLink);
    await expect(
      phone.getByRole("heading", { name: "This docket has already been signed through this link" }),
    ).toBeVisible();
    await context.close();
    const signed = await em.fork().findOneOrFail(Docket, docketId, { filters: false });
    expect(signed.supervisorName).toBe("Sam Supervisor");
    expect(signed.status).toBe("in_review");
  });

  await test.step("the approver sees the signature and approves it", async () => {
    await page.goto(`/dockets/${docketId}`);
    await expect(page.getByText(/^Signed by Sam Supervisor on /)).toBeVisible();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(page.getByText("Approved").first()).toBeVisible();
    await expect(page.getByText("Not connected to ACC: posting is unavailable.")).toBeVisible();
  });

  await test.step("ACC is connected on the settings page and tested", async () => {
    await page.goto("/dockets/settings/acc");
    await expect(page.getByTestId("acc-status")).toHaveText("Not connected");
    await page.getByLabel("Client ID *").fill(fake.clientId);
    await page.getByLabel("Client secret *").fill(fake.clientSecret);
    await page.getByLabel("Cost container (ACC project ID) *").fill(fake.containerId);
    await page.getByLabel("API address").fill(fake.url);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("acc-status")).toHaveText(`Connected to container ${fake.containerId}`);
    expect(await page.content()).not.toContain(fake.clientSecret);
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Connected: ACC answered with 0 budgets.")).toBeVisible();
  });

  await test.step("Post to ACC queues the job; the docket is posted once ACC confirmed", async () => {
    await page.goto(`/dockets/${docketId}`);
    await page.getByRole("button", { name: "Post to ACC" }).click();
    // The job runs beside the server: the page says queued, then posted once ACC answered.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^Posted to ACC as expense /)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const posted = await em.fork().findOneOrFail(Docket, docketId, { filters: false });
    const mine = fake.expenses.filter((expense) => expense.externalId === docketId);
    expect(mine).toHaveLength(1);
    expect(posted.accExpenseId).toBe(mine[0].id);
    expect(mine[0].items.map((item) => item.amount)).toEqual(["764.00", "450.00"]);
  });

  await test.step("the subcontract's next payment claim takes the posted docket in at its total", async () => {
    const docket = await em.fork().findOneOrFail(Docket, docketId, { filters: false });
    const docketDay = dayOfDateColumn(docket.docketDate) as string;
    await page.goto(`/dockets/${docketId}`);
    await page.getByRole("link", { name: `${subcontractCode} · Bulk earthworks` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(subcontractCode);
    await page.getByRole("link", { name: "Payment claims", exact: true }).click();
    await page.getByRole("link", { name: "New payment claim" }).first().click();
    await page.getByLabel("Billing period end *").fill(docketDay);
    await page.getByRole("button", { name: "New payment claim" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      `Payment claim 1 of ${subcontractCode}`,
    );
    await expect(page.getByRole("link", { name: docket.number })).toBeVisible();
    await expect(page.getByText("$1,214.00").first()).toBeVisible();
    const claim = await em
      .fork()
      .findOneOrFail(SubcontractClaim, { subcontract: subcontract.id }, { filters: false });
    expect(Number(claim.claimedCents)).toBe(121_400);
  });
});
