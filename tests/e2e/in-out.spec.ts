import { expect, test } from "./fixtures";

/**
 * In/Out end to end (decision 040), JavaScript off everywhere: a manager shows the gate's QR code; two workers sign in through its link on
 * their own phones (390 px, JavaScript off, no account); they are on site now on the In/Out page; one signs out
 * from the same phone; the Activity Log tab shows it.
 */
test("workers sign in and out at the gate through the QR link without JavaScript", async ({
  team,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const manager = await team.add("Project Administrator");
  // The site office's page works without JavaScript too.
  const page = await team.signedInPage(manager, { javaScriptEnabled: false });
  let gatePath = "";

  await test.step("the manager shows the gate's QR code", async () => {
    await page.goto("/operation/in-out");
    await expect(page.getByRole("heading", { name: "In/Out", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Show a gate code" }).click();
    await expect(page.getByRole("img", { name: "QR code of the site's sign-in page" })).toBeVisible();
    gatePath = (await page.getByRole("link", { name: "Open the gate page" }).getAttribute("href")) ?? "";
    expect(gatePath).toMatch(/^\/external\/in-out\/[0-9a-f-]+\?token=/);
  });

  const phoneOf = async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: "en-GB",
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    return context.newPage();
  };
  const signInAtGate = async (phone: Awaited<ReturnType<typeof phoneOf>>, name: string, company: string) => {
    await phone.goto(gatePath);
    await expect(phone.getByRole("heading", { name: "Site sign-in" })).toBeVisible();
    await phone.getByLabel("Name *").fill(name);
    await phone.getByLabel("Company *").fill(company);
    await phone.getByLabel("Role or trade").fill("Scaffolder");
    await phone.getByLabel("Site induction done").check();
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone.getByText(`Thank you, ${name}: you are signed in.`)).toBeVisible();
    // No sideways scroll on a phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };

  const first = await phoneOf();
  const second = await phoneOf();
  await test.step("two workers sign in on their own phones, JavaScript off", async () => {
    await signInAtGate(first, "Dao Van", "Scaffold Co");
    // Without the induction a worker is refused.
    await second.goto(gatePath);
    await second.getByLabel("Name *").fill("Ana Lima");
    await second.getByLabel("Company *").fill("Acme Formwork");
    await second.getByRole("button", { name: "Sign in" }).click();
    await expect(
      second.getByText("A worker must have done the site induction before signing in."),
    ).toBeVisible();
    await signInAtGate(second, "Ana Lima", "Acme Formwork");
  });

  await test.step("they are on site now on the In/Out page, on a phone too", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/operation/in-out");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const onSite = page.getByRole("region", { name: /On site now/ });
    await expect(onSite.getByRole("heading")).toHaveText("On site now (2)");
    await expect(onSite.getByText("Dao Van")).toBeVisible();
    await expect(onSite.getByText("Ana Lima")).toBeVisible();
  });

  await test.step("one signs out from the same phone", async () => {
    await first.goto(gatePath);
    await expect(first.getByText(/Dao Van \(Scaffold Co\) is signed in since \d\d:\d\d\./)).toBeVisible();
    await first.getByRole("button", { name: "Sign out" }).click();
    await expect(first.getByText("Goodbye, Dao Van: you are signed out.")).toBeVisible();
    await page.goto("/operation/in-out");
    await expect(page.getByRole("region", { name: /On site now/ }).getByRole("heading")).toHaveText(
      "On site now (1)",
    );
  });

  await test.step("the Activity Log tab shows the sign-ins and the sign-out at the gate", async () => {
    await page.getByRole("link", { name: "Activity Log" }).click();
    await expect(page).toHaveURL(/tab=activity/);
    const log = page.getByRole("table");
    await expect(log.getByText("Dao Van (Scaffold Co) signed out")).toBeVisible();
    await expect(log.getByText("Ana Lima (Acme Formwork) signed in")).toBeVisible();
    await expect(log.getByText("Signed out at the gate")).toBeVisible();
  });
  await first.context().close();
  await second.context().close();
});
