import { DEMO_PASSWORD, demoUsers, expect, submitSignInForm, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test.describe("Sign-in without JavaScript", () => {
  test("a wrong password shows 'Wrong email or password'", async ({ page }) => {
    await page.goto("/auth/login");
    await submitSignInForm(page, demoUsers.viewer.email, "Not-the-password#1");

    await expect(page.getByRole("alert")).toHaveText("Wrong email or password");
    await expect(page).toHaveURL("/auth/login");
  });

  test("the viewer signs in through the plain form", async ({ page }) => {
    await page.goto("/auth/login");
    await submitSignInForm(page, demoUsers.viewer.email, DEMO_PASSWORD);

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Welcome, Vic Viewer" })).toBeVisible();
  });
});
