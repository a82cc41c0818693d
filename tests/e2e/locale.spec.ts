import type { Page } from "@playwright/test";
import { expect, openProfileMenu, test } from "./fixtures";

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

test("the language chosen in the profile menu changes the pages", async ({ page, team }) => {
  const viewer = await team.signIn(page, "Viewer");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await chooseLanguage(page, english, "Tiếng Việt");

  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByText("Đã đổi ngôn ngữ.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Xin chào, ${viewer.name}` })).toBeVisible();
  await openProfileMenu(page, vietnamese.profile);
  await expect(page.getByRole("button", { name: "Đăng xuất", exact: true })).toBeVisible();

  // A full page load renders Vietnamese on the server too.
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "vi");
  await expect(page.getByRole("heading", { name: `Xin chào, ${viewer.name}` })).toBeVisible();

  await chooseLanguage(page, vietnamese, "English");

  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("Language updated.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${viewer.name}` })).toBeVisible();
  await openProfileMenu(page);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
});

test("an Australian project is shown in Australian English when the user chose no language", async ({
  page,
  team,
}) => {
  const railProject = await team.addProject({ name: team.unique("Western Rail Link"), language: "AU" });
  await team.signIn(page, await team.add("Project Administrator", { projects: [railProject] }));
  await page.goto("/");
  await expect(page.getByTestId("current-project")).toContainText(railProject.name);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");
});
