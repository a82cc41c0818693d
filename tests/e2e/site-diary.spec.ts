import { extractText, getDocumentProxy } from "unpdf";
import { Ncr } from "~/modules/quality/entities";
import { SafetyIncident } from "~/modules/safety/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { expect, test } from "./fixtures";

/**
 * The site diary end to end (decisions 039, 040): two workers sign in at the gate through its QR link on a
 * phone with JavaScript off; an incident and an NCR are on record today; the site engineer opens today's diary
 * and finds its Work Log pre-filled from the gate's sign-ins and the incident and NCR in its Incidents and NCR
 * sections, fills the weather and a Work Log row,
 * adds a note and a photo through their dialogs and submits it; the Project Engineer closes it and downloads
 * its PDF. Then the register on a 390 px phone: cards, no sideways scroll.
 */
test("today's diary: pre-filled from the gate's QR sign-ins, the day's records, weather, work log, a note and a photo, submitted, closed, its PDF", async ({
  team,
  serverDatabase,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const project = await team.project();
  const incidentTitle = team.unique("Hand caught in the rebar cage");
  const ncrTitle = team.unique("Cover to reinforcement below spec");
  const em = scopeToProject(serverDatabase.em(), project.id);
  // The project is English: its clock is UTC, so "now" is today's diary's day.
  em.create(SafetyIncident, {
    project: project.id,
    number: "INC-0001",
    title: incidentTitle,
    occurredAt: new Date(),
    impactAreas: [],
  } as never);
  em.create(Ncr, {
    project: project.id,
    number: "NCR-0001",
    type: "system",
    title: ncrTitle,
    description: "Cover meter readings 30 mm against 40 mm",
    raisedOn: new Date().toISOString().slice(0, 10),
  } as never);
  await em.flush();
  const engineer = await team.add("Site Engineer");
  const reviewer = await team.add("Project Engineer");
  const office = await team.add("Project Administrator");
  const page = await team.signedInPage(engineer);
  let diaryUrl = "";

  await test.step("two scaffolders sign in at the gate through its QR link, JavaScript off", async () => {
    const officePage = await team.signedInPage(office);
    await officePage.goto("/operation/in-out");
    await officePage.getByRole("button", { name: "Show a gate code" }).click();
    await expect(officePage.getByRole("img", { name: "QR code of the site's sign-in page" })).toBeVisible();
    const gatePath =
      (await officePage.getByRole("link", { name: "Open the gate page" }).getAttribute("href")) ?? "";
    expect(gatePath).toMatch(/^\/external\/in-out\/[0-9a-f-]+\?token=/);
    for (const name of ["Dao Van", "Ana Lima"]) {
      const phoneContext = await browser.newContext({
        javaScriptEnabled: false,
        locale: "en-GB",
        baseURL,
        viewport: { width: 390, height: 844 },
      });
      const phone = await phoneContext.newPage();
      await phone.goto(gatePath);
      await phone.getByLabel("Name *").fill(name);
      await phone.getByLabel("Company *").fill("Scaffold Co");
      await phone.getByLabel("Site induction done").check();
      await phone.getByRole("button", { name: "Sign in" }).click();
      await expect(phone.getByText(`Thank you, ${name}: you are signed in.`)).toBeVisible();
      await phoneContext.close();
    }
  });

  await test.step("the engineer opens today's diary and finds the day's incident and NCR in it", async () => {
    await page.goto("/operation/site-diaries");
    await expect(page.getByRole("heading", { name: "Site diaries", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Open today's diary" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("SD-0001");
    diaryUrl = page.url();
    // The Work Log is pre-filled from the gate: one row for the company, its two people, for the user to confirm.
    const workLog = page.getByRole("region", { name: "Work Log" });
    await expect(workLog.getByText("Pre-filled: confirm or edit, then save")).toBeVisible();
    await expect(workLog.getByLabel("Company").first()).toHaveValue("Scaffold Co");
    await expect(workLog.getByLabel("Number of workers").first()).toHaveValue("2");
    const incidents = page.getByRole("region", { name: "Incidents" });
    await expect(incidents.getByRole("link", { name: `INC-0001 ${incidentTitle}` })).toBeVisible();
    const ncr = page.getByRole("region", { name: "NCR" });
    await expect(ncr.getByRole("link", { name: `NCR-0001 ${ncrTitle}` })).toBeVisible();
    // Opening it again opens the same diary: one a day.
    await page.goto("/operation/site-diaries");
    await page.getByRole("button", { name: "Open today's diary" }).click();
    await expect(page).toHaveURL(diaryUrl);
  });

  await test.step("fills the weather and a Work Log row; a wrong temperature is refused first", async () => {
    await page.getByLabel("Sky").selectOption({ label: "Partly cloudy" });
    await page.getByLabel("Rain condition").selectOption({ label: "Light rain" });
    await page.getByLabel("Day start temperature (°C)").fill("75");
    await page.getByLabel("Day peak temperature (°C)").fill("27.5");
    // The pre-filled row is confirmed with what the scaffolders did; a second row is typed in.
    const workLog = page.getByRole("region", { name: "Work Log" });
    await workLog.getByLabel("Work performed").first().fill("Scaffold to pier 3");
    await workLog.getByLabel("Company").nth(1).fill("Apex Formwork");
    await workLog.getByLabel("Work performed").nth(1).fill("Deck formwork, span 2");
    await workLog.getByLabel("Number of workers").nth(1).fill("6");
    await workLog.getByLabel("Number of regular hours").nth(1).fill("45.5");
    await page.getByRole("button", { name: "Save diary" }).click();
    await expect(page.getByText("A temperature on site is between -40 and 60 °C.")).toBeVisible();
    await page.getByLabel("Day start temperature (°C)").fill("14.5");
    await page.getByRole("button", { name: "Save diary" }).click();
    await expect(page.getByText("SD-0001 saved.")).toBeVisible();
    await expect(page.getByLabel("Day start temperature (°C)")).toHaveValue("14.5");
    const saved = page.getByRole("region", { name: "Work Log" });
    await expect(saved.getByLabel("Company").first()).toHaveValue("Scaffold Co");
    await expect(saved.getByLabel("Company").nth(1)).toHaveValue("Apex Formwork");
    await expect(saved.getByText("Pre-filled: confirm or edit, then save")).toHaveCount(0);
  });

  await test.step("adds a note and a photo through their dialogs", async () => {
    await page.getByRole("button", { name: "Add note" }).click();
    const noteDialog = page.getByRole("dialog", { name: "Add note" });
    await noteDialog.getByLabel("Note *").fill("Client's representative walked the deck at 10:00.");
    await noteDialog.getByRole("button", { name: "Add note" }).click();
    const notes = page.getByRole("region", { name: "Notes" });
    await expect(notes.getByText("Client's representative walked the deck at 10:00.")).toBeVisible();
    await expect(notes.getByText(engineer.name)).toBeVisible();

    await page.getByRole("button", { name: "Add photos or videos" }).click();
    const photoDialog = page.getByRole("dialog", { name: "Photo and Videos" });
    await photoDialog.locator('input[type="file"][name="files"]').setInputFiles({
      name: "deck-formwork.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
        "base64",
      ),
    });
    await photoDialog.getByRole("button", { name: "Upload" }).click();
    const photos = page.getByRole("region", { name: "Photo and Videos" });
    await expect(photos.getByRole("link", { name: "deck-formwork.png" }).locator("img")).toBeVisible();
  });

  await test.step("submits it for review: it can no longer be edited", async () => {
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByText("SD-0001 submitted for review.")).toBeVisible();
    await expect(page.getByText("This diary can be changed only while it is in progress.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save diary" })).toHaveCount(0);
  });

  await test.step("the Project Engineer closes it and downloads its PDF", async () => {
    const reviewerPage = await team.signedInPage(reviewer);
    await reviewerPage.goto(diaryUrl);
    await reviewerPage.getByRole("button", { name: "Approve and close" }).click();
    await expect(reviewerPage.getByText("SD-0001 closed.")).toBeVisible();
    await reviewerPage.getByRole("link", { name: "Diary PDF" }).click();
    await reviewerPage.getByRole("button", { name: "Generate report" }).click();
    const download = reviewerPage.getByRole("link", { name: "Download PDF" });
    await expect(download).toBeVisible({ timeout: 30_000 });
    const [file] = await Promise.all([reviewerPage.waitForEvent("download"), download.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "Site diary SD-0001",
      "Partly cloudy",
      "Apex Formwork",
      "45.50",
      "Scaffold Co",
      "Scaffold to pier 3",
      "Client's representative walked the deck at 10:00.",
      "deck-formwork.png",
      "NCR-0001",
    ])
      expect(flat).toContain(expected);
    // The PDF shows the contributed sections its requester may see: the Project Engineer sees no incidents.
    expect(flat).not.toContain("INC-0001");
  });

  await test.step("the register on a 390 px phone: a card per diary, no sideways scroll", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/operation/site-diaries");
    await expect(page.getByRole("link", { name: "SD-0001" }).first()).toBeVisible();
    await expect(page.getByText("Closed").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("without JavaScript: today's diary opens, its form saves, a note and an issue are added in place, it is submitted", async ({
  team,
}) => {
  const engineer = await team.add("Site Engineer");
  const page = await team.signedInPage(engineer, { javaScriptEnabled: false });
  await page.goto("/operation/site-diaries");
  await page.getByRole("button", { name: "Open today's diary" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("SD-0001");
  // Two blank Work Log rows are always there without script.
  const workLog = page.getByRole("region", { name: "Work Log" });
  await expect(workLog.getByLabel("Company")).toHaveCount(2);
  await workLog.getByLabel("Company").first().fill("Harbour Civil");
  await workLog.getByLabel("Work performed").first().fill("Bearings");
  await workLog.getByLabel("Number of regular hours").first().fill("abc");
  await page.getByRole("button", { name: "Save diary" }).click();
  await expect(page.getByText("Enter hours such as 8 or 7.5.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Work Log" }).getByLabel("Company").first()).toHaveValue(
    "Harbour Civil",
  );
  await page
    .getByRole("region", { name: "Work Log" })
    .getByLabel("Number of regular hours")
    .first()
    .fill("16");
  await page.getByRole("button", { name: "Save diary" }).click();
  await expect(page.getByRole("region", { name: "Work Log" }).getByLabel("Company")).toHaveCount(3);

  const notes = page.getByRole("region", { name: "Notes" });
  await notes.locator("summary", { hasText: "Add note" }).click();
  await notes.getByLabel("Note *").fill("Crane inspection done");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "Notes" }).getByText("Crane inspection done")).toBeVisible();

  const issues = page.getByRole("region", { name: "Issues" });
  await issues.locator("summary", { hasText: "Raise issue" }).click();
  await issues.getByLabel("Title *").fill("Survey set-out missing");
  await issues.getByRole("button", { name: "Raise issue" }).click();
  await expect(
    page.getByRole("region", { name: "Issues" }).getByText("Survey set-out missing"),
  ).toBeVisible();

  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("This diary can be changed only while it is in progress.")).toBeVisible();
});
