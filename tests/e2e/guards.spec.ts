import { expect, submitSignInForm, test } from "./fixtures";

test.describe("Guard rules (spec 2)", () => {
  test("signed out, the home page sends to sign-in and back home afterwards", async ({ page, team }) => {
    const engineer = await team.add("Site Engineer");
    await page.goto("/");
    await expect(page).toHaveURL("/auth/login");

    await submitSignInForm(page, engineer.email, engineer.password);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: `Welcome, ${engineer.name}` })).toBeVisible();
  });

  test("signed out, a page with a query comes back after sign-in", async ({ page, team }) => {
    const engineer = await team.add("Site Engineer");
    await page.goto("/?x=1");
    await expect(page).toHaveURL(`/auth/login?redirectTo=${encodeURIComponent("/?x=1")}`);

    await submitSignInForm(page, engineer.email, engineer.password);
    await expect(page).toHaveURL("/?x=1");
    await expect(page.getByRole("heading", { name: `Welcome, ${engineer.name}` })).toBeVisible();
  });

  test("signed in without a project, project pages send to project selection", async ({ page, team }) => {
    await team.signIn(page, await team.add(null));
    await page.goto("/");
    await expect(page).toHaveURL("/access-control");
    await expect(page.getByRole("heading", { name: "Select a project" })).toBeVisible();
    await expect(
      page.getByText("You are not a member of any project yet. Please contact your project administrator."),
    ).toBeVisible();

    await page.goto("/quality/lot");
    await expect(page).toHaveURL(/^[^?]*\/access-control(\?|$)/);
  });

  test("signed in, the sign-in page sends home", async ({ page, team }) => {
    await team.signIn(page, "Site Engineer");
    await page.goto("/auth/login");
    await expect(page).toHaveURL("/");
    await page.goto("/auth/forgot-password");
    await expect(page).toHaveURL("/");
  });

  test("/forbidden shows 'Permission Denied'", async ({ page }) => {
    const response = await page.goto("/forbidden");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Permission Denied" })).toBeVisible();
    await expect(page.getByText("It looks like you don’t have access to this page.")).toBeVisible();
  });

  test("an unknown path shows 'Page Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page/anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("Oops! The page you are looking for does not exist.")).toBeVisible();
    const goHome = page.getByRole("link", { name: "Go Home" });
    await expect(goHome).toHaveAttribute("href", "/");
    await goHome.click();
    // Signed out, home sends on to sign-in.
    await expect(page).toHaveURL("/auth/login");
  });
});
