import type { Page } from "@playwright/test";
import {
  DEMO_PASSWORD,
  demoUsers,
  expect,
  openProfileMenu,
  projects,
  submitSignInForm,
  test,
} from "./fixtures";

/**
 * The language choice is kept on the user, in the database every test shares: only the viewer changes
 * it, and it is set back to English at the end (or in afterAll when the test stopped half-way).
 */
let viewerLanguageChanged = false;

async function chooseLanguage(
  page: Page,
  menu: { profile: string; language: string; apply: string },
  label: string,
) {
  await openProfileMenu(page, menu.profile);
  await page.getByLabel(menu.language, { exact: true }).selectOption({ label });
  await page.getByRole("button", { name: menu.apply, exact: true }).click();
}

const english = { profile: "Profile", language: "Language", apply: "Apply" };
const vietnamese = { profile: "Hồ sơ", language: "Ngôn ngữ", apply: "Áp dụng" };

test.afterAll(async ({ browser }) => {
  if (!viewerLanguageChanged) return;
  const page = await browser.newPage();
  await page.goto("/auth/login");
  await submitSignInForm(page, demoUsers.viewer.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/");
  await chooseLanguage(page, vietnamese, "English");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.close();
});

test("the language chosen in the profile menu changes the pages", async ({ page, signIn }) => {
  await signIn("viewer");
  await expect(page).toHaveURL("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await chooseLanguage(page, english, "Tiếng Việt");
  viewerLanguageChanged = true;

  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByText("Đã đổi ngôn ngữ.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Xin chào, Vic Viewer" })).toBeVisible();
  await openProfileMenu(page, vietnamese.profile);
  await expect(page.getByRole("button", { name: "Đăng xuất", exact: true })).toBeVisible();

  // A full page load renders Vietnamese on the server too.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByRole("heading", { name: "Xin chào, Vic Viewer" })).toBeVisible();

  await chooseLanguage(page, vietnamese, "English");

  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  viewerLanguageChanged = false;
  await expect(page.getByText("Language updated.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome, Vic Viewer" })).toBeVisible();
  await openProfileMenu(page);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
});

test("an Australian project is shown in Australian English when the user chose no language", async ({
  page,
  signIn,
}) => {
  // The admin never changes language in these tests.
  await signIn("admin");
  await expect(page).toHaveURL("/access-control");
  await page
    .getByRole("row")
    .filter({ hasText: projects.westernRail.name })
    .getByRole("button", { name: /Open/ })
    .click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("current-project")).toContainText(projects.westernRail.name);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");
});
