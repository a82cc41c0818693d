import {
  DEMO_PASSWORD,
  demoUsers,
  expect,
  openProfileMenu,
  projects,
  submitSignInForm,
  test,
} from "./fixtures";

test.describe("Sign in and out", () => {
  test("an engineer signs in to their only project and signs out from the profile menu", async ({
    page,
    signIn,
  }) => {
    await signIn("engineer");

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Welcome, Erin Engineer" })).toBeVisible();
    await expect(page.getByTestId("current-project")).toHaveText(
      `${projects.northernBridge.name} (${projects.northernBridge.number})`,
    );

    await openProfileMenu(page);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();

    await expect(page).toHaveURL("/auth/login");
    await expect(page.getByText("You have been signed out.")).toBeVisible();

    await page.goto("/");
    await expect(page).toHaveURL("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in to SiteProof" })).toBeVisible();
  });

  test("a wrong password is refused with 'Wrong email or password'", async ({ page }) => {
    await page.goto("/auth/login");
    await submitSignInForm(page, demoUsers.engineer.email, "Not-the-password#1");

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
    await submitSignInForm(page, "erin.at.siteproof", DEMO_PASSWORD);

    await expect(page.getByText("Invalid email", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/auth/login");
  });
});
