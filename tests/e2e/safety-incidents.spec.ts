import { extractText, getDocumentProxy } from "unpdf";
import { expect, test } from "./fixtures";

/**
 * An incident end to end: a site engineer raises it (the spec's time rule refuses a time in the future),
 * records an injured person and a witness and submits it; the HSSE manager, its SHE person, evaluates,
 * investigates (the corrective action plan becomes an Action assigned to the engineer), signs off and closes
 * it and downloads its report. The engineer then finds the corrective action in My Actions, linked back to the
 * incident.
 */

/** A wall-clock time on the project's clock (the test project is English: UTC, decision 029). */
function utcWallTime(offsetHours: number) {
  const at = new Date(Date.now() + offsetHours * 3_600_000);
  return {
    date: at.toISOString().slice(0, 10),
    hour: String(at.getUTCHours()),
    minute: String(at.getUTCMinutes()).padStart(2, "0"),
  };
}

test("an incident from raising to closed, each stage by the people whose job it is", async ({ team }) => {
  test.setTimeout(150_000);
  const engineer = await team.add("Site Engineer");
  const manager = await team.add("HSSE Manager");
  const engineerPage = await team.signedInPage(engineer);
  const managerPage = await team.signedInPage(manager);
  const title = team.unique("Rigger struck by a swinging panel");
  let incidentUrl = "";

  await test.step("the site engineer raises it; a time in the future is refused", async () => {
    const page = engineerPage;
    await page.goto("/safety/ims");
    await expect(page.getByRole("link", { name: "My Incidents" })).toBeVisible();
    await page.getByRole("link", { name: "Raise incident" }).first().click();
    await expect(page.getByRole("heading", { name: "Raise an incident", level: 1 })).toBeVisible();
    const fill = async (when: { date: string; hour: string; minute: string }) => {
      await page.getByLabel("Date of the incident *").fill(when.date);
      await page.getByLabel("Hour (0-23) *").fill(when.hour);
      await page.getByLabel("Minute (0-59) *").fill(when.minute);
    };
    await page.getByLabel("Title *").fill(title);
    await fill(utcWallTime(3));
    await page.getByLabel("People").check();
    await page.getByLabel("Assigned SHE person").selectOption({ label: manager.name });
    await page.getByRole("button", { name: "Raise incident" }).click();
    await expect(page.getByText("You can not choose a time in the future")).toBeVisible();
    await fill({ ...utcWallTime(-2), hour: "25" });
    await page.getByRole("button", { name: "Raise incident" }).click();
    await expect(page.getByText("Invalid hour")).toBeVisible();
    await fill(utcWallTime(-2));
    await page.getByRole("button", { name: "Raise incident" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`INC-0001 ${title}`);
  });

  await test.step("the management forms, an injured person and a witness", async () => {
    const page = engineerPage;
    await page.getByLabel("Report type").selectOption({ label: "Near miss" });
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { name: "Injured persons" })).toBeVisible();
    await page.getByRole("button", { name: "Add injured person" }).click();
    await expect(page.getByText("This field is required").first()).toBeVisible();
    await page.getByLabel("Full name *").fill("Tom Rigger");
    await page.getByLabel("Classification *").selectOption({ label: "Medical treatment injury (MTI)" });
    await page.getByLabel("Injured body part").fill("Right shoulder");
    await page.getByRole("button", { name: "Add injured person" }).click();
    await expect(page.getByText("Tom Rigger", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Add witness" }).click();
    await expect(page.getByRole("heading", { name: "Add witness", level: 1 })).toBeVisible();
    await page.getByLabel("Full name *").fill("Wendy Watcher");
    await page.getByLabel("Statement").fill("The panel turned in the wind; there were no tag lines.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("link", { name: "Wendy Watcher" })).toBeVisible();
    incidentUrl = page.url().replace(/#.*$/, "");
  });

  await test.step("the engineer submits it to the SHE person", async () => {
    const page = engineerPage;
    await page.getByRole("button", { name: "Submit incident" }).click();
    await expect(page.getByText("Incident INC-0001 submitted for evaluation")).toBeVisible();
    // Evaluating is the SHE person's step, not the reporter's.
    await expect(page.getByRole("button", { name: "Submit evaluation" })).toHaveCount(0);
  });

  await test.step("the HSSE manager evaluates and investigates; the plan's row becomes an action", async () => {
    const page = managerPage;
    await page.goto(incidentUrl);
    await page.getByRole("button", { name: "Submit evaluation" }).click();
    await expect(page.getByText("Evaluation of INC-0001 submitted")).toBeVisible();
    await page
      .getByRole("region", { name: "Investigation details" })
      .getByRole("link", { name: "Edit" })
      .click();
    await page.getByLabel("When 1").fill("07:05");
    await page.getByLabel("What happened 1").fill("Panel rigged without tag lines.");
    await page.getByLabel("People", { exact: true }).fill("Rigger new to the crew.");
    await page.getByLabel("Cause group 1").selectOption({ label: "Failed Defences" });
    await page.getByLabel("Contributing factor 1").fill("No tag lines fitted.");
    await page.getByLabel("Root cause", { exact: true }).fill("The panel was lifted without tag lines.");
    await page.getByLabel("Corrective action 1").fill("Toolbox talk on tag lines for every crane crew");
    await page.getByLabel("Responsible person 1").selectOption({ label: engineer.name });
    await page.getByLabel("Date 1").fill(utcWallTime(24 * 7).date);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Incident INC-0001 saved")).toBeVisible();
    await page.getByRole("button", { name: "Submit investigation" }).click();
    await expect(page.getByText("Investigation of INC-0001 submitted")).toBeVisible();
    await expect(page.getByRole("link", { name: "ACT-0001" })).toBeVisible();
  });

  await test.step("the HSSE manager signs it off and closes it", async () => {
    const page = managerPage;
    await page.getByRole("region", { name: "Sign-off" }).getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Report completed by").selectOption({ label: manager.name });
    await page.getByLabel("Report reviewed by").selectOption({ label: manager.name });
    await page.getByLabel("Reviewer role").selectOption({ label: "HSSE manager" });
    await page.getByLabel("Signed on").fill(utcWallTime(0).date);
    await page.locator('input[name="signatureTypedName"]').fill(manager.name);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Incident INC-0001 saved")).toBeVisible();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.getByText("Incident INC-0001 closed")).toBeVisible();
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await expect(header.getByText("Closed", { exact: true })).toBeVisible();
    await expect(header.getByText("Locked", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Activity Log" }).click();
    await expect(page.getByText(`Raised by ${engineer.name}`)).toBeVisible();
    await expect(page.getByText("Sign-off → Closed")).toBeVisible();
    await expect(page.getByText("Actions raised: ACT-0001")).toBeVisible();
  });

  await test.step("the HSSE manager downloads the incident report, which holds the investigation", async () => {
    const page = managerPage;
    await page.goBack();
    await page.getByRole("link", { name: "Incident report" }).click();
    await page.getByRole("button", { name: "Generate report" }).click();
    const download = page.getByRole("link", { name: "Download PDF" });
    await expect(download).toBeVisible({ timeout: 30_000 });
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`INC-0001 ${title}`);
    expect(flat).toContain("The panel was lifted without tag lines.");
    expect(flat).toContain("Toolbox talk on tag lines");
  });

  await test.step("the engineer finds the corrective action in My Actions, linked to the incident", async () => {
    const page = engineerPage;
    await page.goto("/safety/actions");
    await page.getByRole("link", { name: "ACT-0001" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Toolbox talk on tag lines");
    await page.getByRole("link", { name: /INC-0001/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`INC-0001 ${title}`);
  });
});

test("without JavaScript: raising, the time rule, a step's save and an injured person are plain forms", async ({
  team,
}) => {
  const engineer = await team.add("Site Engineer");
  const page = await team.signedInPage(engineer, { javaScriptEnabled: false });
  await page.goto("/safety/ims/raise-incident");
  await page.getByLabel("Title *").fill(team.unique("Hand cut on tie wire"));
  const future = utcWallTime(3);
  await page.getByLabel("Date of the incident *").fill(future.date);
  await page.getByLabel("Hour (0-23) *").fill(future.hour);
  await page.getByLabel("Minute (0-59) *").fill(future.minute);
  await page.getByLabel("People").check();
  await page.getByRole("button", { name: "Raise incident" }).click();
  await expect(page.getByText("You can not choose a time in the future")).toBeVisible();
  const past = utcWallTime(-1);
  await page.getByLabel("Date of the incident *").fill(past.date);
  await page.getByLabel("Hour (0-23) *").fill(past.hour);
  await page.getByLabel("Minute (0-59) *").fill(past.minute);
  await page.getByRole("button", { name: "Raise incident" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("INC-0001");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { name: "Injured persons" })).toBeVisible();
  await page.getByLabel("Full name *").fill("Sione Taufa");
  await page.getByLabel("Classification *").selectOption({ label: "First aid" });
  await page.getByRole("button", { name: "Add injured person" }).click();
  await expect(page.getByText("Sione Taufa", { exact: true })).toBeVisible();
});
