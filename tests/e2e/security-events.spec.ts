import { expect, submitSignInForm, test } from "./fixtures";

test("an administrator reads who signed in and who failed, from where, in Security events", async ({
  page,
  team,
}) => {
  const admin = await team.add(null, { superAdmin: true });
  await page.goto("/auth/login");
  await submitSignInForm(page, admin.email, "Not-the-password#1");
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password");
  await submitSignInForm(page, admin.email, admin.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);

  await page.goto("/globalSettings/security-events");
  await expect(page.getByRole("heading", { name: "Security events", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by email" }).fill(admin.email);
  await page.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("table", { name: "Security events, newest first" });
  const rows = table.getByRole("row").filter({ hasText: admin.email });
  await expect(rows).toHaveCount(2);
  // Newest first: the sign-in, then the wrong password before it; both from this machine.
  await expect(rows.nth(0)).toContainText("Signed in");
  await expect(rows.nth(0)).toContainText("Password");
  await expect(rows.nth(1)).toContainText("Sign-in failed");
  await expect(rows.nth(1)).toContainText(/127\.0\.0\.1|::1/);

  // The filters live in the URL: only the failure.
  await page.goto(
    `/globalSettings/security-events?kind=sign-in.failed&email=${encodeURIComponent(admin.email)}`,
  );
  await expect(table.getByRole("row").filter({ hasText: admin.email })).toHaveCount(1);
  await expect(table).toContainText("Sign-in failed");
});
