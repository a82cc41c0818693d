import { expect, test } from "./fixtures";

/**
 * Safety settings end to end: the HSSE manager enters last month's hours worked (a wrong figure is refused
 * first), saves, and finds the figure kept after a reload; then switches on In/Out automatic sign-out at a
 * time of day and finds it kept. The project is the test's own, so its grid starts blank.
 */

/** "October 2026": how the grid labels a month, `back` months before this one. */
function monthName(back: number): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(month);
}

test("hours worked entered for a month are kept, and automatic sign-out is switched on with a time", async ({
  team,
}) => {
  test.setTimeout(90_000);
  const manager = await team.add("HSSE Manager");
  const page = await team.signedInPage(manager);
  const lastMonth = monthName(1);

  await test.step("the HSSE manager opens the safety settings", async () => {
    await page.goto("/safety/setting");
    await expect(page.getByRole("heading", { name: "Safety settings", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Hours worked" })).toBeVisible();
    await expect(page.getByLabel(monthName(0), { exact: true })).toHaveValue("");
  });

  await test.step("a figure that is not a number is refused", async () => {
    await page.getByLabel(lastMonth, { exact: true }).fill("-5");
    await page.getByRole("button", { name: "Save hours worked" }).click();
    await expect(page.getByText("Invalid number")).toBeVisible();
  });

  await test.step("last month's hours are saved and kept after a reload", async () => {
    await page.getByLabel(lastMonth, { exact: true }).fill("8500");
    await page.getByRole("button", { name: "Save hours worked" }).click();
    await expect(page.getByText("Hours worked saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(lastMonth, { exact: true })).toHaveValue("8500");
    await expect(page.getByRole("cell", { name: new RegExp(`^${manager.name}, `) })).toBeVisible();
    await expect(page.getByRole("row", { name: /Total of these months/ })).toContainText("8,500");
  });

  await test.step("automatic sign-out is switched on at 17:30 and kept", async () => {
    const incident = page.getByRole("region", { name: /Incident settings/ });
    await incident.getByLabel("In/Out automatic sign-out enabled").check();
    await incident.getByLabel(/Time to sign out/).fill("17:30");
    await incident.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Incident settings saved.")).toBeVisible();
    await page.reload();
    const reloaded = page.getByRole("region", { name: /Incident settings/ });
    await expect(reloaded.getByLabel("In/Out automatic sign-out enabled")).toBeChecked();
    await expect(reloaded.getByLabel(/Time to sign out/)).toHaveValue("17:30");
    // The hours are untouched by the other form.
    await expect(page.getByLabel(lastMonth, { exact: true })).toHaveValue("8500");
  });
});
