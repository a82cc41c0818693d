import { demo, expect, openProfileMenu, submitSignInForm, test } from "./fixtures";

test.describe("Sign in and out", () => {
  test("an engineer signs in to their only project and signs out from the profile menu", async ({
    page,
    team,
  }) => {
    const project = await team.project();
    const engineer = await team.add("Site Engineer");
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in to SiteProof" })).toBeVisible();
    await submitSignInForm(page, engineer.email, engineer.password);

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: `Welcome, ${engineer.name}` })).toBeVisible();
    await expect(page.getByTestId("current-project")).toHaveText(`${project.name} (${project.number})`);

    await openProfileMenu(page);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();

    await expect(page).toHaveURL("/auth/login");
    await expect(page.getByText("You have been signed out.")).toBeVisible();

    await page.goto("/");
    await expect(page).toHaveURL("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in to SiteProof" })).toBeVisible();
  });

  test("the demo engineer of the README signs in to Northern Bridge Upgrade", async ({ page }) => {
    // Reads the demo data set the server seeds (prisma-seed/demo.ts) and changes nothing in it.
    await page.goto("/auth/login");
    await submitSignInForm(page, demo.engineer.email, demo.password);

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: `Welcome, ${demo.engineer.name}` })).toBeVisible();
    await expect(page.getByTestId("current-project")).toHaveText(
      `${demo.northernBridge.name} (${demo.northernBridge.number})`,
    );
  });

  test("a wrong password is refused with 'Wrong email or password'", async ({ page, team }) => {
    const engineer = await team.add("Site Engineer");
    await page.goto("/auth/login");
    await submitSignInForm(page, engineer.email, "Not-the-password#1");

    await expect(page.getByRole("alert")).toHaveText("Wrong email or password");
    await expect(page).toHaveURL("/auth/login");
  });

  test("an empty form asks for the email and the password", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/auth/login");
  });

  test("a malformed email shows 'Invalid email'", async ({ page }) => {
    await page.goto("/auth/login");
    await submitSignInForm(page, "erin.at.siteproof", "SiteProof#2026");

    await expect(page.getByText("Invalid email", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/auth/login");
  });
});
