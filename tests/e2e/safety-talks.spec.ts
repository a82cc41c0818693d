import { expect, test } from "./fixtures";

/**
 * Talks end to end (decision 035): a site engineer creates a toolbox talk with one attendee typed in, shows
 * its QR code, and an attendee without an account opens the code's link in a browser with JavaScript off,
 * signs with a typed name, and appears on the talk's attendance list; signing again as the same person is
 * refused, and once the engineer ends the code its link answers with its own page.
 */
test("a toolbox talk, and an attendee who signs on through its QR link without JavaScript", async ({
  team,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const engineer = await team.add("Site Engineer");
  const page = await team.signedInPage(engineer);
  const title = team.unique("Working at height: harness checks");
  let signOnPath = "";

  await test.step("the engineer creates a toolbox talk with its attendance", async () => {
    await page.goto("/safety/meetings?tab=toolbox");
    await expect(page.getByRole("heading", { name: "Meetings", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "New toolbox talk" }).first().click();
    await expect(page.getByRole("heading", { name: "New talk", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Kind *")).toHaveValue("toolbox");
    // The server checks the form: a topic is needed.
    await page.getByRole("button", { name: "Create talk" }).click();
    await expect(page.getByLabel("Topic *")).toBeVisible();
    await page.getByLabel("Topic *").fill(title);
    await page.getByLabel("Supervisor").selectOption({ label: engineer.name });
    await page.getByLabel("Talking points").fill("Inspect webbing and hardware before every use.");
    await page.getByLabel("Name 1").fill("Ana Lima");
    await page.getByLabel("Company").first().fill("Acme Scaffolds");
    await page.getByLabel("Or type your full name").fill(engineer.name);
    await page.getByRole("button", { name: "Create talk" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`TBT-0001 ${title}`);
    await expect(page.getByRole("region", { name: /Attendance/ }).getByText("Ana Lima")).toBeVisible();
  });

  await test.step("the engineer shows the sign-on QR code", async () => {
    await page.getByRole("button", { name: "Show a sign-on QR code" }).click();
    await expect(page.getByRole("img", { name: "QR code of the sign-on page" })).toBeVisible();
    signOnPath = (await page.getByRole("link", { name: "Open the sign-on page" }).getAttribute("href")) ?? "";
    expect(signOnPath).toMatch(/^\/external\/ptt\/[0-9a-f-]+\/sign-on\?token=/);
  });

  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB", baseURL });
  const phone = await context.newPage();
  await test.step("an attendee without an account signs on with JavaScript off", async () => {
    await phone.goto(signOnPath);
    await expect(phone.getByRole("heading", { name: "Sign on to the Toolbox talk" })).toBeVisible();
    await expect(phone.getByText(title)).toBeVisible();
    // No signature: refused, and the typed values come back.
    await phone.getByLabel("Your full name *").fill("Dao Van");
    await phone.getByLabel("Your company *").fill("Van Plumbing");
    await phone.getByRole("button", { name: "Sign on" }).click();
    await expect(phone.getByText("Sign, or type your full name")).toBeVisible();
    await expect(phone.getByLabel("Your full name *")).toHaveValue("Dao Van");
    await phone.getByLabel("Or type your full name").fill("Dao Van");
    await phone.getByRole("button", { name: "Sign on" }).click();
    await expect(phone.getByText("Thank you, Dao Van: you are on the attendance list.")).toBeVisible();
    // The same person again is refused.
    await phone.getByLabel("Your full name *").fill("dao  van");
    await phone.getByLabel("Your company *").fill("VAN PLUMBING");
    await phone.getByLabel("Or type your full name").fill("Dao Van");
    await phone.getByRole("button", { name: "Sign on" }).click();
    await expect(phone.getByText("This person has already signed on to this talk.")).toBeVisible();
  });

  await test.step("the attendee is on the attendance list, signed; the ended code answers with its own page", async () => {
    await page.reload();
    const attendance = page.getByRole("region", { name: /Attendance/ });
    const row = attendance.getByRole("listitem").filter({ hasText: "Van Plumbing" });
    await expect(row).toContainText("Dao Van");
    await expect(row).toContainText("Present");
    await expect(row.getByText(/^Signed /)).toBeVisible();
    // Ana Lima, typed in by the engineer, has not signed.
    await expect(attendance.getByRole("listitem").filter({ hasText: "Ana Lima" })).toContainText(
      "Not signed",
    );
    await page.getByRole("link", { name: "Activity Log" }).click();
    await expect(page.getByText("Signed on by Dao Van")).toBeVisible();
    await page.goBack();
    await page.getByRole("button", { name: "End this code" }).click();
    await expect(page.getByText("No sign-on code is open for this talk.")).toBeVisible();
    const ended = await phone.goto(signOnPath);
    expect(ended?.status()).toBe(410);
    await expect(phone.getByRole("heading", { name: "This sign-on has ended" })).toBeVisible();
  });
  await context.close();
});
