import { createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import { DocketSigningLink } from "~/modules/dockets/docket-signing-entities";
import { Docket, DocketItem } from "~/modules/dockets/entities";
import { type FakeAccCost, startFakeAccCost } from "~/plugins/acc/testing/fake-acc-cost-server";
import { docketPng } from "~/prisma-seed/dockets-intray";
import { Company } from "~/server/db/entities";
import { expect, test } from "./fixtures";

/**
 * Dockets end to end (issue #16): a photo of a paper docket is uploaded to the intray and written up as a draft
 * docket; the docket is filled in and sent for approval; the subcontractor's supervisor signs it through the
 * signed link on a 390 px phone with JavaScript off; it is approved; ACC is connected (to the fake Cost
 * Management server this test starts on loopback) and "Post to ACC" queues the job that posts it: posted, with
 * ACC's expense id, and ACC holds exactly one expense with its items.
 */

/** The e2e server's SESSION_SECRET (tests/e2e/server.ts): the signing token is derived from the link's id with it. */
const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";
const signingTokenOf = (linkId: string) =>
  createHmac("sha256", E2E_SESSION_SECRET).update(`dockets.sign:${linkId}`).digest("base64url");

let fake: FakeAccCost;
test.beforeAll(async () => {
  fake = await startFakeAccCost();
});
test.afterAll(async () => {
  await fake.close();
});

test("an intray photo becomes a docket, is signed through the link without JavaScript, approved and posted to ACC", async ({
  team,
  serverDatabase,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await team.add("Project Administrator");
  const page = await team.signedInPage(admin);
  const em = serverDatabase.em();
  const photo = `${team.unique("docket-photo")}.png`;
  let docketId = "";

  await test.step("the photo is uploaded to the intray and written up as a draft docket", async () => {
    await page.goto("/dockets/intray");
    await expect(page.getByRole("heading", { name: "Intray", level: 1 })).toBeVisible();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: photo, mimeType: "image/png", buffer: docketPng(1) });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const card = page.getByRole("listitem").filter({ hasText: photo });
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

  await test.step("the docket is filled in and sent for approval (by the database: the edit page is the register's)", async () => {
    const scoped = serverDatabase.em();
    const company = scoped.create(Company, { name: team.unique("Dig Deep Pty Ltd") } as never);
    const docket = await scoped.findOneOrFail(Docket, docketId, { filters: false });
    Object.assign(docket, { company, status: "in_review", task: "Bulk excavation", totalCents: 121400 });
    for (const [position, [code, quantity, price, amount]] of [
      ["LAB-01", "8.000", 9550, 76400],
      ["EXC-20", "2.500", 18000, 45000],
    ].entries())
      scoped.create(DocketItem, {
        project: docket.project,
        docket,
        position,
        code,
        title: `Resource ${code}`,
        unitOfMeasure: "hr",
        unitPriceCents: price,
        quantity,
        amountCents: amount,
        costAccount: "CA-100",
      } as never);
    await scoped.flush();
  });

  let signingLink = "";
  await test.step("a signing link is made for the supervisor", async () => {
    // The form's post, as the details page's panel sends it; it answers with a redirect back to the docket.
    const made = await page.request.post(`/dockets/${docketId}/signing-link`, {
      form: { intent: "create" },
      maxRedirects: 0,
    });
    expect(made.status()).toBe(302);
    const link = await em.fork().findOneOrFail(DocketSigningLink, { docket: docketId }, { filters: false });
    signingLink = `/external/dockets/sign/${signingTokenOf(link.id)}`;
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

  await test.step("approved (by the database: the approve button is the details page's)", async () => {
    await em
      .fork()
      .nativeUpdate(
        Docket,
        { id: docketId },
        { status: "approved", approvedAt: new Date() },
        { filters: false },
      );
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
    const queued = await page.request.post(`/dockets/${docketId}/post`, { form: {}, maxRedirects: 0 });
    expect(queued.status()).toBe(302);
    await expect
      .poll(async () => (await em.fork().findOneOrFail(Docket, docketId, { filters: false })).status, {
        timeout: 30_000,
      })
      .toBe("posted");
    const posted = await em.fork().findOneOrFail(Docket, docketId, { filters: false });
    const mine = fake.expenses.filter((expense) => expense.externalId === docketId);
    expect(mine).toHaveLength(1);
    expect(posted.accExpenseId).toBe(mine[0].id);
    expect(mine[0].items.map((item) => item.amount)).toEqual(["764.00", "450.00"]);
  });
});
