import { expect, test } from "./fixtures";

/**
 * Safety observations and enforcement end to end (decision 031): a site engineer raises an unsafe-condition
 * observation with a photo, raises an action from it, and follows the link both ways (the action's "Raised
 * from", the observation's actions and its Activity Log); then records a FAIL scan of a plant item and a
 * second scan of it, and finds both in the object's history. The project is the test's own, with the bridge
 * demo project's locations.
 */
test("an observation with a photo, an action raised from it, and a failed scan in its object's history", async ({
  team,
}) => {
  test.setTimeout(90_000);
  await team.addQualityLibrary();
  const engineer = await team.add("Site Engineer");
  const manager = await team.add("HSSE Manager");
  const page = await team.signedInPage(engineer);
  const title = team.unique("Unguarded edge on the span 2 deck");
  let observationUrl = "";

  await test.step("the engineer raises an unsafe condition with a photo, assigned to the HSSE manager", async () => {
    await page.goto("/safety/observation");
    await page.getByRole("link", { name: "New observation" }).first().click();
    await expect(page.getByRole("heading", { name: "New observation", level: 1 })).toBeVisible();
    // The server checks the form too: an unsafe condition needs someone to put it right.
    await page.getByLabel("Type *").selectOption({ label: "Unsafe condition" });
    await page.getByLabel("Title *").fill(title);
    await page.getByRole("button", { name: "Raise observation" }).click();
    await expect(page.getByText('Choose who puts it right, or tick "Put right on the spot".')).toBeVisible();
    await page.getByLabel("Title *").fill(title);
    await page
      .getByLabel("What was seen")
      .fill("East edge open for 6 m where the parapet formwork was stripped.");
    await page.getByLabel("Location").selectOption({ label: "Span 2 › Deck" });
    await page.getByLabel("Assigned to").selectOption({ label: manager.name });
    await page.locator('input[type="file"][name="photos"]').setInputFiles({
      name: "span-2-edge.png",
      mimeType: "image/png",
      buffer: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
    });
    await page.getByRole("button", { name: "Raise observation" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`OBS-0001 ${title}`);
    await expect(page.getByText("Span 2 › Deck")).toBeVisible();
    await expect(page.getByRole("link", { name: "span-2-edge.png" })).toBeVisible();
    await expect(page.getByRole("link", { name: "span-2-edge.png" }).locator("img")).toBeVisible();
    observationUrl = page.url();
  });

  await test.step("an action raised from it names it, and it lists the action", async () => {
    await page.getByRole("link", { name: "Raise an action" }).click();
    await expect(page.getByRole("heading", { name: "New action", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: `OBS-0001 ${title}` })).toBeVisible();
    await expect(page.getByLabel("Title *")).toHaveValue(title);
    await page.getByLabel("Title *").fill(`Install edge protection: ${title}`);
    await page.getByLabel("Risk ranking *").selectOption({ label: "High" });
    await page.getByLabel("Assigned to *").selectOption({ label: manager.name });
    await page.getByRole("button", { name: "Create action" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("ACT-0001");
    // The action's "Raised from" leads back to the observation…
    await page.getByRole("link", { name: `OBS-0001 ${title}` }).click();
    await expect(page).toHaveURL(observationUrl);
    // …which lists the action, and logs that it was raised.
    const raised = page.getByRole("region", { name: "Actions raised" });
    await expect(raised.getByRole("link", { name: "ACT-0001" })).toBeVisible();
    await page.getByRole("link", { name: "Activity Log" }).click();
    await expect(page.getByText(`Action raised by ${engineer.name}`)).toBeVisible();
    await expect(page.getByText(`Created by ${engineer.name}`)).toBeVisible();
  });

  const tag = team.unique("pm-e2e").toUpperCase();
  await test.step("a FAIL scan of a plant item, then a second scan of it, both in its history", async () => {
    await page.goto("/safety/enforcement");
    await page.getByRole("link", { name: "Record a scan" }).first().click();
    await page.getByLabel("Object type *").selectOption({ label: "Plant and machinery" });
    await page.getByLabel("Object ID *").fill(tag.toLowerCase());
    await page.getByLabel("Name *").fill("Komatsu PC210 excavator");
    await page.getByLabel("Activity / process").fill("Bulk excavation, abutment A");
    await page.getByLabel("Status *").selectOption({ label: "FAIL" });
    await page.getByLabel("Comment").fill("Reversing alarm not working.");
    await page.getByRole("button", { name: "Record scan" }).click();
    await expect(page.getByText("ENF-0001 recorded: FAIL.")).toBeVisible();
    await expect(
      page.getByText("This check failed: raise an action so that someone puts it right."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Raise an action" })).toBeVisible();

    // "Record a scan" on the scan's page starts the form on the same object.
    await page.getByRole("link", { name: "Record a scan" }).click();
    await expect(page.getByLabel("Object ID *")).toHaveValue(tag);
    await page.getByLabel("Status *").selectOption({ label: "PASS" });
    await page.getByRole("button", { name: "Record scan" }).click();
    await expect(page.getByText("ENF-0002 recorded: PASS.")).toBeVisible();
    const history = page.getByRole("region", { name: "History of this object" });
    await expect(history.getByText("ENF-0002 (this scan)")).toBeVisible();
    await expect(history.getByRole("link", { name: "ENF-0001" })).toBeVisible();

    await history.getByRole("link", { name: "Open the full history" }).click();
    await expect(page.getByText(`History of Plant and machinery ${tag}`)).toBeVisible();
    await expect(page.getByText("Showing 1 - 2 of 2")).toBeVisible();
  });
});
