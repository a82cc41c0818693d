import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "./fixtures";

/**
 * Quality I end to end: a lot walks from creation to closed (its hold points released on the way), each step taken by someone with the demo
 * role whose job it is, and its report is downloaded; the client approves an ITP through the e-mailed
 * link in a browser with JavaScript off. Each test works in a project of its own with the bridge demo
 * project's locations and ITPs (ITP-0001 active, ITP-0002 in review by Quality).
 */

/** Runs a workflow button of the lot header; steps that need a reason get one in their dialog. */
async function runLotAction(page: Page, label: string, reason?: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  if (reason !== undefined) {
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole("button", { name: label, exact: true }).click();
  }
}

/** Presses every button with this label on the page, one after the other (each posts and reloads the page). */
async function pressEach(page: Page, label: string) {
  const buttons = page.getByRole("button", { name: label, exact: true });
  // At least one: counting before the page is there would press nothing and pass.
  await expect(buttons.first()).toBeVisible();
  for (let left = await buttons.count(); left > 0; left -= 1) {
    await buttons.first().click();
    await expect(buttons).toHaveCount(left - 1);
  }
}

async function expectLotState(page: Page, status: string, subStatus: string) {
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText(status, { exact: true })).toBeVisible();
  await expect(header.getByText(subStatus, { exact: true })).toBeVisible();
}

test("a lot from creation to closed, each step by the role whose job it is, and its report", async ({
  team,
}) => {
  // Five people's steps on one lot (about 45 pages), a report generated in the background: 53 s alone,
  // 156 s in CI beside the other worker on two cores, so five minutes.
  test.setTimeout(300_000);
  await team.addQualityLibrary();
  const title = `Pier 3 pile cap pour ${Date.now()}`;
  const engineer = await team.signedInPage("Site Engineer");
  const projectEngineer = await team.signedInPage("Project Engineer");
  const qa = await team.signedInPage("Quality Manager");
  const client = await team.signedInPage("Client Representative");
  let lotUrl = "";

  await test.step("the site engineer creates the lot and assigns the concrete ITP", async () => {
    await engineer.goto("/quality/lot");
    // The project has no lot yet: the register offers Create Lot in its header and in its empty state.
    await expect(engineer.getByRole("link", { name: "Create Lot" })).toHaveCount(2);
    await engineer.getByRole("link", { name: "Create Lot" }).first().click();
    await expect(engineer.getByRole("heading", { name: "Create Lot", level: 1 })).toBeVisible();
    // The server checks the form too: a lot without a title is refused.
    await engineer.getByRole("button", { name: "Create Lot" }).click();
    await expect(engineer.getByText("This field is required").first()).toBeVisible();

    await engineer.getByLabel(/^Title/).fill(title);
    await engineer.getByLabel(/^Location/).selectOption({ label: "Pier 1 › Pile cap" });
    await engineer.getByLabel(/^Chainage start/).fill("120");
    await engineer.getByLabel(/^Chainage end/).fill("100");
    await engineer.getByRole("button", { name: "Create Lot" }).click();
    await expect(engineer.getByText("Chainage end cannot be less than chainage start")).toBeVisible();
    await engineer.getByLabel(/^Chainage end/).fill("145.5");
    await engineer.getByRole("button", { name: "Create Lot" }).click();

    await expect(engineer.getByRole("heading", { level: 1 })).toContainText(title);
    lotUrl = new URL(engineer.url()).pathname;
    await expect(engineer.getByText("Open", { exact: true }).first()).toBeVisible();

    await engineer.getByRole("link", { name: "ITP", exact: true }).click();
    await engineer.getByLabel("ITP to assign").click();
    await engineer.getByRole("option", { name: /^ITP-0001/ }).click();
    await engineer.getByRole("button", { name: "Assign ITP" }).click();
    await expect(engineer.getByRole("heading", { name: /^ITP-0001/ })).toBeVisible();
  });

  await test.step("the site team works the lot; its hold points keep it from the Project Engineer", async () => {
    await engineer.goto(lotUrl);
    await runLotAction(engineer, "Start work");
    await expectLotState(engineer, "Active", "Work started");
    await runLotAction(engineer, "Mark records complete");
    await expectLotState(engineer, "Active", "Records complete");
    // ITP-0001 has hold points: they hold the lot, and the header says which.
    await expect(engineer.getByText(/^Held at hold point ITP-0001 #/)).toBeVisible();
    // Its records are not complete either: the header lists what is missing.
    await expect(engineer.getByText("Before this lot goes to the Project Engineer")).toBeVisible();
    await runLotAction(engineer, "Submit to Project Engineer");
    await expect(engineer.getByText(/is holding this lot/)).toBeVisible();
    await expectLotState(engineer, "Active", "Records complete");
  });

  await test.step("the site engineer calls the client to each point, QA releases them on the client's behalf", async () => {
    await engineer
      .getByRole("navigation", { name: "Lot sections" })
      .getByRole("link", { name: "HP/WP", exact: true })
      .click();
    await engineer.waitForURL(/\/hp-wp$/);
    await pressEach(engineer, "Notify client");
    await qa.goto(`${lotUrl}/hp-wp`);
    await pressEach(qa, "Release on client's behalf");
    await qa.goto(lotUrl);
    await expect(qa.getByText(/^Held at hold point/)).toHaveCount(0);
  });

  await test.step("the site engineer records every check, signs for the subcontractor and uploads an ITR", async () => {
    await engineer.goto(`${lotUrl}/itp`);
    // Items after a hold point are checked once it is released: all of them now.
    const checks = engineer.getByRole("form", { name: "Record check" });
    await expect(checks.first()).toBeVisible();
    const count = await checks.count();
    for (let index = 0; index < count; index += 1) {
      const form = checks.nth(index);
      await form.getByLabel("Conforming", { exact: true }).check();
      await form.getByRole("button", { name: "Record check" }).click();
      // The page comes back with the check recorded.
      await expect(checks.nth(index).getByLabel("Conforming", { exact: true })).toBeChecked();
    }
    const signatures = engineer.getByRole("button", { name: "Sign as subcontractor", exact: true });
    if ((await signatures.count()) > 0) await pressEach(engineer, "Sign as subcontractor");

    await engineer.getByRole("link", { name: "Upload ITR" }).click();
    await engineer.getByLabel(/^Title/).fill("Pile cap pour records");
    await engineer.locator('input[type="file"][name="files"]').setInputFiles({
      name: "pour-records.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n% slump, cylinders and cover readings\n"),
    });
    await engineer.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(engineer.getByText("Pile cap pour records").first()).toBeVisible();
  });

  await test.step("nothing holds the lot now and its records are complete: the site team submits it", async () => {
    await engineer.goto(lotUrl);
    await expect(engineer.getByText("Before this lot goes to the Project Engineer")).toHaveCount(0);
    await runLotAction(engineer, "Submit to Project Engineer");
    await expectLotState(engineer, "Active", "Project Engineer review");
    // Approving is the Project Engineer's step, not the site team's.
    await expect(engineer.getByRole("button", { name: "Approve (Project Engineer)" })).toHaveCount(0);
    // In review its records are locked: no Edit, no Record check, no Upload ITR.
    await expect(engineer.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
    await engineer.goto(`${lotUrl}/itp`);
    await expect(engineer.getByRole("button", { name: "Record check" })).toHaveCount(0);
    await expect(engineer.getByRole("link", { name: "Upload ITR" })).toHaveCount(0);
  });

  await test.step("the Project Engineer approves, QA confirms and sends it to the client", async () => {
    await projectEngineer.goto(lotUrl);
    await runLotAction(projectEngineer, "Approve (Project Engineer)");
    await expectLotState(projectEngineer, "Active", "QA review");

    await qa.goto(lotUrl);
    await runLotAction(qa, "QA acknowledge");
    await expectLotState(qa, "Confirming", "QA review");
    await runLotAction(qa, "Approve (QA)");
    await expectLotState(qa, "Confirming", "QA approved");
    await runLotAction(qa, "Send for client review");
    await expectLotState(qa, "Confirming", "Client review");
  });

  await test.step("the client rejects with a reason, and the fixed lot comes back through review", async () => {
    await client.goto(lotUrl);
    await runLotAction(client, "Reject (client)", "Pile cap cover below 65 mm at the north face.");
    await expectLotState(client, "Non-conforming", "Rejected by client");

    await engineer.goto(lotUrl);
    await runLotAction(engineer, "Submit to Project Engineer");
    await expectLotState(engineer, "Active", "Project Engineer review");

    await projectEngineer.goto(lotUrl);
    await runLotAction(projectEngineer, "Approve (Project Engineer)");
    // The step is saved before QA opens the lot: another person's page shows only what is stored.
    await expectLotState(projectEngineer, "Active", "QA review");

    await qa.goto(lotUrl);
    await runLotAction(qa, "QA acknowledge");
    await expectLotState(qa, "Confirming", "QA review");
    await runLotAction(qa, "Approve (QA)");
    await expectLotState(qa, "Confirming", "QA approved");
    await runLotAction(qa, "Send for client review");
    await expectLotState(qa, "Confirming", "Client review");

    await client.goto(lotUrl);
    await runLotAction(client, "Approve (client)");
    await expectLotState(client, "Guaranteed", "Client approved");
  });

  await test.step("QA closes the lot and downloads its report", async () => {
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
  });
});

async function fileBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test("the client approves an ITP through its e-mailed link with JavaScript off", async ({
  browser,
  team,
}) => {
  await team.addQualityLibrary();
  const clientEmail = `reviewer-${Date.now()}@roads.example.gov.au`;
  const qaPerson = await team.add("Quality Manager");
  const qa = await team.signedInPage(qaPerson);
  await qa.goto("/quality/itp?status=internal_review");
  await qa
    .getByRole("link", { name: /^ITP-\d+$/ })
    .first()
    .click();
  await qa.waitForURL(/\/quality\/itp\/[0-9a-f-]{36}$/);
  const itpUrl = new URL(qa.url()).pathname;
  await qa.getByRole("link", { name: "Review", exact: true }).click();
  await qa.getByLabel("Or type your full name").fill(qaPerson.name);
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
});

test("an outside reviewer takes Quality's decision through an e-mailed link, with JavaScript off", async ({
  browser,
  team,
}) => {
  await team.addQualityLibrary();
  const reviewerEmail = `consultant-${Date.now()}@qa.example.com`;
  const qa = await team.signedInPage(await team.add("Quality Manager"));
  await qa.goto("/quality/itp?status=internal_review");
  await qa
    .getByRole("link", { name: /^ITP-\d+$/ })
    .first()
    .click();
  await qa.waitForURL(/\/quality\/itp\/[0-9a-f-]{36}$/);
  const itpUrl = new URL(qa.url()).pathname;
  await qa.getByLabel("Reviewer name").fill("Olga Outside");
  await qa.getByLabel("Reviewer email").fill(reviewerEmail);
  await qa.getByRole("button", { name: "Send link" }).click();
  await expect(qa.getByText(`Review link sent to ${reviewerEmail}`)).toBeVisible();

  let link = "";
  await expect(async () => {
    await qa.goto(`/dev/mailbox?to=${encodeURIComponent(reviewerEmail)}`);
    const text = (await qa.getByRole("article").first().textContent()) ?? "";
    link = /https?:\/\/\S+\/quality\/itp\/internal-review\/[^\s"<]+/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 10_000 });

  // No account and no JavaScript: the page opens with the link alone and takes a plain form post.
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
  const reviewer = await context.newPage();
  await reviewer.goto(link);
  await expect(reviewer.getByRole("heading", { name: /^ITP review for Quality: ITP-\d+/ })).toBeVisible();
  await reviewer.getByLabel("Or type your full name").fill("Olga Outside");
  await reviewer.getByRole("button", { name: "Approve for internal use" }).click();
  await expect(reviewer.getByRole("heading", { name: "Thank you" })).toBeVisible();
  await reviewer.goto(link);
  await expect(reviewer.getByRole("heading", { name: "Review already recorded" })).toBeVisible();
  await context.close();

  await qa.goto(itpUrl);
  await expect(
    qa.getByRole("heading", { level: 1 }).locator("..").getByText("Active", { exact: true }),
  ).toBeVisible();
  await expect(qa.getByText("Review link to Olga Outside").first()).toBeVisible();
});

test("an ITP's items are added, moved and removed on its edit page", async ({ team }) => {
  const qa = await team.signedInPage("Quality Manager");
  await qa.goto("/quality/itp/create?source=blank");
  await qa.getByLabel("Title").fill(`Kerb and channel ${Date.now()}`);
  await qa.getByRole("button", { name: "Create draft" }).click();
  await qa.waitForURL(/\/quality\/itp\/[0-9a-f-]{36}$/);
  await qa.getByRole("link", { name: "Edit", exact: true }).click();
  const removeButtons = qa.getByRole("button", { name: /^Remove item \d+$/ });
  // The row buttons submit the form with conform's intent: a button of type "button" would do nothing.
  await qa.getByRole("button", { name: "Add item", exact: true }).click();
  await qa.getByRole("button", { name: "Add item", exact: true }).click();
  await expect(removeButtons).toHaveCount(2);
  await qa
    .getByRole("textbox", { name: /^Activity/ })
    .first()
    .fill("Set out kerb line");
  await qa.getByRole("button", { name: "Move item 1 down", exact: true }).click();
  await expect(qa.getByRole("textbox", { name: /^Activity/ }).nth(1)).toHaveValue("Set out kerb line");
  await qa.getByRole("button", { name: "Remove item 1", exact: true }).click();
  await expect(removeButtons).toHaveCount(1);
  await expect(qa.getByRole("textbox", { name: /^Activity/ }).first()).toHaveValue("Set out kerb line");
});
