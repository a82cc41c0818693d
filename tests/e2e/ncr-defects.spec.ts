import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "./fixtures";
import { completeLotRecords } from "./lot-records";

/**
 * Quality II end to end: an NCR raised on a lot makes it non-conforming, is worked, reviewed and closed after
 * its effectiveness check, and the fixed lot goes back to the Project Engineer; a punch list defect walks its
 * workflow between QA and the trade's assignee; the lot dossier carries a hold point's release. Each test
 * works in a project of its own with the bridge demo project's locations and ITPs (ITP-0001 active, with
 * hold and witness points), each step taken by the demo role whose job it is.
 */

/** Runs a workflow button; a step that asks (a reason, or a confirmation dialog) is answered in its dialog. */
async function runStep(page: Page, label: string, options: { reason?: string; confirm?: boolean } = {}) {
  await page.getByRole("button", { name: label, exact: true }).click();
  if (options.reason === undefined && !options.confirm) return;
  // A reason is asked in a dialog, a confirmation in an alert dialog.
  const dialog = page.getByRole("dialog").or(page.getByRole("alertdialog"));
  if (options.reason !== undefined) await dialog.getByLabel(/Reason/).fill(options.reason);
  await dialog.getByRole("button", { name: label, exact: true }).click();
}

/** Presses every button with this label on the page, one after the other (each posts and reloads the page). */
async function pressEach(page: Page, label: string) {
  const buttons = page.getByRole("button", { name: label, exact: true });
  await expect(buttons.first()).toBeVisible();
  for (let left = await buttons.count(); left > 0; left -= 1) {
    await buttons.first().click();
    await expect(buttons).toHaveCount(left - 1);
  }
}

async function expectHeaderState(page: Page, status: string, subStatus?: string) {
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText(status, { exact: true }).first()).toBeVisible();
  if (subStatus) await expect(header.getByText(subStatus, { exact: true })).toBeVisible();
}

async function fileBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The site engineer creates a lot at the pile cap and assigns ITP-0001; answers the lot's page path. */
async function createLotWithItp(engineer: Page, title: string): Promise<string> {
  await engineer.goto("/quality/lot/create");
  await engineer.getByLabel(/^Title/).fill(title);
  await engineer.getByLabel(/^Location/).selectOption({ label: "Pier 1 › Pile cap" });
  await engineer.getByRole("button", { name: "Create Lot" }).click();
  await expect(engineer.getByRole("heading", { level: 1 })).toContainText(title);
  const lotUrl = new URL(engineer.url()).pathname;
  await engineer.getByRole("link", { name: "ITP", exact: true }).click();
  await engineer.getByLabel("ITP to assign").click();
  await engineer.getByRole("option", { name: /^ITP-0001/ }).click();
  await engineer.getByRole("button", { name: "Assign ITP" }).click();
  await expect(engineer.getByRole("heading", { name: /^ITP-0001/ })).toBeVisible();
  return lotUrl;
}

/** The site engineer calls the client to every hold and witness point; QA releases them on the client's behalf. */
async function releaseEveryPoint(engineer: Page, qa: Page, lotUrl: string) {
  await engineer.goto(`${lotUrl}/hp-wp`);
  await pressEach(engineer, "Notify client");
  await qa.goto(`${lotUrl}/hp-wp`);
  await pressEach(qa, "Release on client's behalf");
}

test("an NCR raised on a lot: the lot is non-conforming until the NCR is closed, then it is resubmitted", async ({
  team,
}) => {
  test.setTimeout(180_000);
  await team.addQualityLibrary();
  const engineer = await team.signedInPage("Site Engineer");
  const qa = await team.signedInPage("Quality Manager");
  const projectEngineer = await team.signedInPage("Project Engineer");
  const title = team.unique("Pier 1 pile cap pour");
  const ncrTitle = team.unique("Honeycombing at the pile cap base");
  let lotUrl = "";
  let ncrUrl = "";

  await test.step("the site engineer creates the lot and starts work", async () => {
    lotUrl = await createLotWithItp(engineer, title);
    await engineer.goto(lotUrl);
    await runStep(engineer, "Start work");
    await expectHeaderState(engineer, "Active", "Work started");
  });

  await test.step("QA raises a product NCR from the lot's page: the lot becomes non-conforming", async () => {
    await qa.goto(lotUrl);
    await qa.getByRole("link", { name: "Raise NCR" }).click();
    await expect(qa.getByRole("heading", { name: "Raise NCR", level: 1 })).toBeVisible();
    await qa.getByLabel(/^Title/).fill(ncrTitle);
    await qa
      .getByLabel(/^Description of the nonconformity/)
      .fill("Voids up to 20 mm deep along the north face.");
    await qa.getByRole("button", { name: "Raise NCR" }).click();
    await expect(qa.getByRole("heading", { level: 1 })).toContainText(ncrTitle);
    ncrUrl = new URL(qa.url()).pathname;
    await expect(qa.getByText("In Progress", { exact: true }).first()).toBeVisible();

    await qa.goto(lotUrl);
    await expectHeaderState(qa, "Non-conforming");
    await expect(qa.getByText(ncrTitle).first()).toBeVisible();
  });

  await test.step("while the NCR is open the lot is not resubmitted", async () => {
    await releaseEveryPoint(engineer, qa, lotUrl);
    await completeLotRecords(engineer, lotUrl);
    await engineer.goto(lotUrl);
    await runStep(engineer, "Submit to Project Engineer");
    await expectHeaderState(engineer, "Non-conforming");
  });

  await test.step("QA works the NCR: disposition, correction, a photo, effectiveness check; review; close", async () => {
    await qa.goto(ncrUrl);
    await qa.getByLabel(/^Containment/).fill("Area taped off; no loading until repaired.");
    await qa.getByLabel(/^Disposition/).selectOption({ label: "Repair" });
    await qa.getByLabel(/^Root cause/).fill("Vibrator not used at the base of the pour.");
    await qa.getByLabel(/^Corrective action$/).fill("Vibrator training for the pour crew.");
    await qa.getByLabel(/^Effectiveness check/).fill("Next two pours inspected: no voids.");
    await qa.getByRole("button", { name: "Save", exact: true }).click();
    await expect(qa.getByLabel(/^Effectiveness check/)).toHaveValue("Next two pours inspected: no voids.");

    // Photos and documents while the NCR is in progress.
    await qa.getByLabel("Add photos or documents").setInputFiles({
      name: "repair-detail.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% repair detail\n"),
    });
    await qa.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(qa.getByRole("link", { name: "repair-detail.pdf" })).toBeVisible();

    await runStep(qa, "Submit for review");
    await expect(qa.getByText("In Review", { exact: true }).first()).toBeVisible();
    await runStep(qa, "Close", { confirm: true });
    await expect(qa.getByText("Closed", { exact: true }).first()).toBeVisible();
    // A closed NCR's files are its record.
    await expect(qa.getByLabel("Add photos or documents")).toHaveCount(0);
  });

  await test.step("the NCR closed, the fixed lot goes back to the Project Engineer", async () => {
    await engineer.goto(lotUrl);
    await runStep(engineer, "Submit to Project Engineer");
    await expectHeaderState(engineer, "Active", "Project Engineer review");
    await projectEngineer.goto(lotUrl);
    await expect(projectEngineer.getByRole("button", { name: "Approve (Project Engineer)" })).toBeVisible();
  });
});

test("a defect walks raise → in progress → completed → in review → closed between QA and its assignee", async ({
  team,
}) => {
  test.setTimeout(120_000);
  const trade = await team.add("Site Engineer");
  const assignee = await team.signedInPage(trade);
  const qa = await team.signedInPage("Quality Manager");
  const title = team.unique("Chipped kerb at gate 3");

  await test.step("QA raises the defect for the trade's engineer", async () => {
    await qa.goto("/quality/defects/create");
    await qa.getByLabel(/^Title/).fill(title);
    await qa.getByLabel(/^Assignee/).selectOption({ label: trade.name });
    await qa.getByLabel(/^Priority/).selectOption({ label: "High" });
    await qa.getByRole("button", { name: "Raise", exact: true }).click();
    await expect(qa.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(qa.getByText("Pending", { exact: true }).first()).toBeVisible();
  });

  await test.step("QA corrects the saved defect: the log names what changed", async () => {
    await qa.getByRole("link", { name: "Edit", exact: true }).click();
    await qa.getByLabel(/^Description/).fill("Corner broken off the kerb unit.");
    await qa.getByRole("button", { name: "Save changes" }).click();
    await expect(qa.getByText("Corner broken off the kerb unit.")).toBeVisible();
    await expect(qa.getByText("Changed: Description")).toBeVisible();
  });

  const defectUrl = new URL(qa.url()).pathname;

  await test.step("the assignee finds it under My defects, starts and completes the work", async () => {
    await assignee.goto("/quality/defects?tab=mine");
    await expect(assignee.getByText(title).first()).toBeVisible();
    await assignee.goto(defectUrl);
    await expect(assignee.getByRole("heading", { level: 1 })).toContainText(title);
    // Approving is QA's step, not the trade's.
    await expect(assignee.getByRole("button", { name: "Approve and close" })).toHaveCount(0);
    await runStep(assignee, "Start work");
    await expect(assignee.getByText("In progress", { exact: true }).first()).toBeVisible();
    await runStep(assignee, "Mark completed");
    await expect(assignee.getByText("Completed", { exact: true }).first()).toBeVisible();
  });

  await test.step("QA reviews and closes it", async () => {
    await qa.goto(defectUrl);
    await runStep(qa, "Start review");
    await expect(qa.getByText("In review", { exact: true }).first()).toBeVisible();
    await runStep(qa, "Approve and close");
    await expect(qa.getByText("Closed", { exact: true }).first()).toBeVisible();
    // Closed: no more editing.
    await expect(qa.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  });
});

test("the lot dossier downloads with a hold point's release in it", async ({ team }) => {
  test.setTimeout(120_000);
  await team.addQualityLibrary();
  const engineer = await team.signedInPage("Site Engineer");
  const quality = await team.add("Quality Manager");
  const qa = await team.signedInPage(quality);
  const title = team.unique("Pier 1 pile cap dossier");

  const lotUrl = await createLotWithItp(engineer, title);
  await releaseEveryPoint(engineer, qa, lotUrl);

  await qa.goto(lotUrl);
  await qa.getByRole("link", { name: "Download Lot" }).click();
  await expect(qa.getByRole("heading", { name: "Download Lot" })).toBeVisible();
  await qa.getByRole("button", { name: "Generate report" }).click();
  const download = qa.getByRole("link", { name: "Download PDF" });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([qa.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^LOT-\d{4}-dossier\.pdf$/);
  const bytes = await fileBytes(await file.createReadStream());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const flat = text.replace(/\s+/g, " ");
  expect(flat).toContain(title);
  expect(flat).toContain("Hold and witness points");
  expect(flat).toMatch(/ITP-0001 #\d+ .+ \(Hold point\)/);
  expect(flat).toContain("State Released Last step Release on client's behalf");
  // Who released it, in the Decided line and under the signature box.
  expect(flat).toContain(`Decided ${quality.name}`);
  expect(flat).toContain(`Signed by ${quality.name} on`);
});
