import type { Browser, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { DEMO_PASSWORD, type DemoUser, demoUsers, expect, submitSignInForm, test } from "./fixtures";

/**
 * Quality I end to end: a lot walks from creation to closed, each step taken by the demo role whose
 * job it is, and its report is downloaded; the client approves an ITP through the e-mailed link in a
 * browser with JavaScript off.
 */

/** A signed-in browser of its own for one demo user (several people work on the same lot). */
async function signedIn(browser: Browser, baseURL: string, who: DemoUser, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: "en-GB" });
  const page = await context.newPage();
  await page.goto("/auth/login");
  await submitSignInForm(page, demoUsers[who].email, DEMO_PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
  if (page.url().includes("/access-control")) {
    await page.getByRole("button", { name: /Northern Bridge Upgrade/ }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/access-control"));
  }
  return page;
}

/** Runs a workflow button of the lot header; steps that need a reason get one in their dialog. */
async function runLotAction(page: Page, label: string, reason?: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  if (reason !== undefined) {
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole("button", { name: label, exact: true }).click();
  }
}

async function expectLotState(page: Page, status: string, subStatus: string) {
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText(status, { exact: true })).toBeVisible();
  await expect(header.getByText(subStatus, { exact: true })).toBeVisible();
}

test.describe
  .serial("A lot from creation to closed, and its report", () => {
    const title = `Pier 3 pile cap pour ${Date.now()}`;
    let lotUrl = "";

    test("the site engineer creates the lot and assigns the concrete ITP", async ({ browser, baseURL }) => {
      const page = await signedIn(browser, baseURL!, "engineer");
      await page.goto("/quality/lot");
      await page.getByRole("link", { name: "Create Lot" }).click();
      await expect(page.getByRole("heading", { name: "Create Lot", level: 1 })).toBeVisible();
      // The server checks the form too: a lot without a title is refused.
      await page.getByRole("button", { name: "Create Lot" }).click();
      await expect(page.getByText("This field is required").first()).toBeVisible();

      await page.getByLabel(/^Title/).fill(title);
      await page.getByLabel(/^Location/).selectOption({ label: "Pier 1 › Pile cap" });
      await page.getByLabel(/^Chainage start/).fill("120");
      await page.getByLabel(/^Chainage end/).fill("100");
      await page.getByRole("button", { name: "Create Lot" }).click();
      await expect(page.getByText("Chainage end cannot be less than chainage start")).toBeVisible();
      await page.getByLabel(/^Chainage end/).fill("145.5");
      await page.getByRole("button", { name: "Create Lot" }).click();

      await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
      lotUrl = new URL(page.url()).pathname;
      await expect(page.getByText("Open", { exact: true }).first()).toBeVisible();

      await page.getByRole("link", { name: "ITP", exact: true }).click();
      await page.getByLabel("ITP to assign").click();
      await page.getByRole("option", { name: /^ITP-0001/ }).click();
      await page.getByRole("button", { name: "Assign ITP" }).click();
      await expect(page.getByRole("heading", { name: /^ITP-0001/ })).toBeVisible();
      await page.context().close();
    });

    test("the site team works the lot and submits it to the Project Engineer", async ({
      browser,
      baseURL,
    }) => {
      const page = await signedIn(browser, baseURL!, "engineer");
      await page.goto(lotUrl);
      await runLotAction(page, "Start work");
      await expectLotState(page, "Active", "Work started");
      await runLotAction(page, "Mark records complete");
      await expectLotState(page, "Active", "Completed, records pending");
      await runLotAction(page, "Submit to Project Engineer");
      await expectLotState(page, "Active", "Project Engineer review");
      // Approving is the Project Engineer's step, not the site team's.
      await expect(page.getByRole("button", { name: "Approve (Project Engineer)" })).toHaveCount(0);
      await page.context().close();
    });

    test("the Project Engineer approves, QA confirms and sends it to the client", async ({
      browser,
      baseURL,
    }) => {
      const engineer = await signedIn(browser, baseURL!, "projectEngineer");
      await engineer.goto(lotUrl);
      await runLotAction(engineer, "Approve (Project Engineer)");
      await expectLotState(engineer, "Active", "QA review");
      await engineer.context().close();

      const qa = await signedIn(browser, baseURL!, "qa");
      await qa.goto(lotUrl);
      await runLotAction(qa, "QA acknowledge");
      await expectLotState(qa, "Confirming", "QA review");
      await runLotAction(qa, "Approve (QA)");
      await expectLotState(qa, "Confirming", "QA approved");
      await runLotAction(qa, "Send for client review");
      await expectLotState(qa, "Confirming", "Client review");
      await qa.context().close();
    });

    test("the client rejects with a reason, and the fixed lot comes back through review", async ({
      browser,
      baseURL,
    }) => {
      const client = await signedIn(browser, baseURL!, "client");
      await client.goto(lotUrl);
      await runLotAction(client, "Reject (client)", "Pile cap cover below 65 mm at the north face.");
      await expectLotState(client, "Non-conforming", "Rejected by client");
      await client.context().close();

      const engineer = await signedIn(browser, baseURL!, "engineer");
      await engineer.goto(lotUrl);
      await runLotAction(engineer, "Submit to Project Engineer");
      await expectLotState(engineer, "Active", "Project Engineer review");
      await engineer.context().close();

      const projectEngineer = await signedIn(browser, baseURL!, "projectEngineer");
      await projectEngineer.goto(lotUrl);
      await runLotAction(projectEngineer, "Approve (Project Engineer)");
      await projectEngineer.context().close();

      const qa = await signedIn(browser, baseURL!, "qa");
      await qa.goto(lotUrl);
      await runLotAction(qa, "QA acknowledge");
      await runLotAction(qa, "Approve (QA)");
      await runLotAction(qa, "Send for client review");
      await expectLotState(qa, "Confirming", "Client review");
      await qa.context().close();

      const again = await signedIn(browser, baseURL!, "client");
      await again.goto(lotUrl);
      await runLotAction(again, "Approve (client)");
      await expectLotState(again, "Guaranteed", "Client approved");
      await again.context().close();
    });

    test("QA closes the lot and downloads its report", async ({ browser, baseURL }) => {
      const qa = await signedIn(browser, baseURL!, "qa");
      await qa.goto(lotUrl);
      await runLotAction(qa, "Close");
      await expectLotState(qa, "Closed", "Client approved");

      await qa.getByRole("link", { name: "Download Lot" }).click();
      await expect(qa.getByRole("heading", { name: "Download Lot" })).toBeVisible();
      await qa.getByRole("button", { name: "Generate report" }).click();
      const download = qa.getByRole("link", { name: "Download PDF" });
      await expect(download).toBeVisible({ timeout: 30_000 });
      const [file] = await Promise.all([qa.waitForEvent("download"), download.click()]);
      const bytes = await fileBytes(await file.createReadStream());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      // Long cells wrap in the PDF: compare with the line breaks folded.
      const flat = text.replace(/\s+/g, " ");
      expect(flat).toContain(title);
      expect(flat).toContain("Pile cap cover below 65 mm at the north face.");
      await qa.context().close();
    });
  });

async function fileBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test("the client approves an ITP through its e-mailed link with JavaScript off", async ({
  browser,
  baseURL,
}) => {
  const clientEmail = `reviewer-${Date.now()}@roads.example.gov.au`;
  const qa = await signedIn(browser, baseURL!, "qa");
  await qa.goto("/quality/itp?status=internal_review");
  await qa
    .getByRole("link", { name: /^ITP-\d+$/ })
    .first()
    .click();
  await qa.waitForURL(/\/quality\/itp\/[0-9a-f-]{36}$/);
  const itpUrl = new URL(qa.url()).pathname;
  await qa.getByRole("link", { name: "Review", exact: true }).click();
  await qa.getByLabel("Or type your full name").fill("Quinn Nguyen");
  await qa.getByLabel("Client name").fill("Riley Roads");
  await qa.getByLabel("Client email").fill(clientEmail);
  await qa.getByRole("button", { name: "Approve & send to client" }).click();
  await expect(qa.getByText("In Review by Client").first()).toBeVisible();

  // The link arrives by e-mail (the outbox, read at /dev/mailbox).
  let link = "";
  await expect(async () => {
    await qa.goto(`/dev/mailbox?to=${encodeURIComponent(clientEmail)}`);
    const text = (await qa.getByRole("article").first().textContent()) ?? "";
    link = /https?:\/\/\S+\/external\/itp\/[^\s"<]+/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 10_000 });

  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
  const client = await context.newPage();
  await client.goto(link);
  await expect(client.getByRole("heading", { name: "ITP review" })).toBeVisible();
  // Rejecting needs a reason: the server says so and records nothing.
  await client.getByLabel("Or type your full name").fill("Riley Roads");
  await client.getByRole("button", { name: "Reject" }).click();
  await expect(client.getByText(/reason|required/i).first()).toBeVisible();
  await client.getByLabel("Or type your full name").fill("Riley Roads");
  await client.getByLabel("Comment").fill("Hold points match the contract's schedule.");
  await client.getByRole("button", { name: "Approve" }).click();
  await expect(client.getByRole("heading", { name: "Thank you" })).toBeVisible();
  // The link was for one decision.
  await client.goto(link);
  await expect(client.getByRole("heading", { name: "Review already recorded" })).toBeVisible();
  await context.close();

  await qa.goto(itpUrl);
  await expect(
    qa.getByRole("heading", { level: 1 }).locator("..").getByText("Active", { exact: true }),
  ).toBeVisible();
  await expect(qa.getByText("Riley Roads").first()).toBeVisible();
  await qa.context().close();
});
