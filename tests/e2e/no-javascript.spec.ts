import { expect, submitSignInForm, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test.describe("Sign-in without JavaScript", () => {
  test("a wrong password shows 'Wrong email or password'", async ({ page, team }) => {
    const viewer = await team.add("Viewer");
    await page.goto("/auth/login");
    await submitSignInForm(page, viewer.email, "Not-the-password#1");

    await expect(page.getByRole("alert")).toHaveText("Wrong email or password");
    await expect(page).toHaveURL("/auth/login");
  });

  test("the viewer signs in through the plain form", async ({ page, team }) => {
    const viewer = await team.add("Viewer");
    await page.goto("/auth/login");
    await submitSignInForm(page, viewer.email, viewer.password);

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: `Welcome, ${viewer.name}` })).toBeVisible();
  });
});
