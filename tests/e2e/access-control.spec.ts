import { expect, test } from "./fixtures";

test("a member of several projects chooses one on /access-control", async ({ page, team }) => {
  const bridge = await team.addProject({ name: team.unique("Northern Bridge Upgrade") });
  const rail = await team.addProject({ name: team.unique("Western Rail Link"), language: "AU" });
  const member = await team.signIn(
    page,
    await team.add("Project Administrator", { projects: [bridge, rail] }),
  );
  await page.goto("/");
  await expect(page).toHaveURL("/access-control");
  await expect(page.getByRole("heading", { name: "Select a project" })).toBeVisible();

  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(bridge.name);
  await expect(rows.nth(0)).toContainText(bridge.number);
  await expect(rows.nth(1)).toContainText(rail.name);
  await expect(rows.nth(1)).toContainText(rail.number);
  await expect(page.getByText("Showing 1 - 2 of 2")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search projects" }).fill("rail");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=rail/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(rail.name);
  await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search projects" }).fill("no such project");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No results found!")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search projects" }).fill("rail");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await rows.filter({ hasText: rail.name }).getByRole("button", { name: /Open/ }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("current-project")).toHaveText(`${rail.name} (${rail.number})`);
  const toast = page.getByText(`You are now working in ${rail.name}.`);
  // Strict: fails when a second toast is already there.
  await expect(toast).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();
  // The project also changes the language (en → au): once its texts have arrived and the page has shown
  // them (the network has been quiet for half a second), the toast is still there once. Counted now, not
  // awaited: a waiting assertion would pass once the first of two toasts has gone.
  await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");
  await page.waitForLoadState("networkidle");
  expect(await toast.count()).toBe(1);

  // A link to a lot that is gone (followed by Remix's router, as a <Link> would) shows the root's error
  // page; once the toast has had its time, Back to the home page does not bring it again.
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { navigate(to: string): void } }).__remixRouter.navigate(
      "/quality/lot/00000000-0000-4000-8000-000000000000",
    ),
  );
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(toast).toBeHidden();
  await page.goBack();
  await expect(page.getByRole("heading", { name: `Welcome, ${member.name}` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await toast.count()).toBe(0);
});

test("a super admin finds and opens any project, member or not", async ({ page, team }) => {
  const tunnel = await team.addProject({ name: team.unique("Harbour Tunnel") });
  await team.signIn(page, await team.add(null, { superAdmin: true }));
  await page.goto("/");
  await expect(page).toHaveURL("/access-control");

  await page.getByRole("searchbox", { name: "Search projects" }).fill(tunnel.number);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(tunnel.name);
  await expect(page.getByText("Showing 1 - 1 of 1")).toBeVisible();
  await rows.first().getByRole("button", { name: /Open/ }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("current-project")).toHaveText(`${tunnel.name} (${tunnel.number})`);
  await expect(page.getByText(`You are now working in ${tunnel.name}.`)).toBeVisible();
});
