import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, demoUsers, expect, openProfileMenu, submitSignInForm, test } from "./fixtures";

/**
 * This file changes the engineer's password in the database every test shares, then sets it back
 * to the demo password: at the end of the test, or in afterAll when the test stopped half-way.
 */
const engineer = demoUsers.engineer;
const newPassword = `Bridge#${Date.now().toString().slice(-6)}x`;
let passwordChanged = false;

/** Asks for a reset link from the sign-in page and reads it from the newest mail in /dev/mailbox. */
async function requestResetLink(page: Page, email: string): Promise<string> {
  const previous = await newestResetLink(page, email);
  await page.goto("/auth/login");
  // Keyboard, not a mouse click: pressing the mouse on the link blurs the empty, autofocused email
  // field, whose 'Email is required' then pushes the link down before the button is released, so
  // the click misses (a known app bug, see the e2e report).
  await page.getByRole("link", { name: "Forgot password?" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/auth/forgot-password");
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `If an account uses ${email}, a link to set a new password is on its way. The link works once and expires in 1 hour.`,
  );

  let link: string | null = null;
  await expect(async () => {
    link = await newestResetLink(page, email);
    expect(link).not.toBeNull();
    expect(link).not.toBe(previous);
  }).toPass({ timeout: 10_000 });
  return link!;
}

async function newestResetLink(page: Page, email: string): Promise<string | null> {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const newest = page.getByRole("article").first();
  if ((await newest.count()) === 0) return null;
  await expect(newest.getByRole("heading", { name: "Set a new SiteProof password" })).toBeVisible();
  return newest.getByRole("link").first().getAttribute("href");
}

async function setPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(confirmation);
  await page.getByRole("button", { name: "Set Password" }).click();
}

async function restoreDemoPassword(page: Page) {
  const link = await requestResetLink(page, engineer.email);
  await page.goto(link);
  await setPassword(page, DEMO_PASSWORD);
  await expect(page.getByText("Your password is set. Sign in with your new password.")).toBeVisible();
  passwordChanged = false;
}

test.afterAll(async ({ browser }) => {
  if (!passwordChanged) return;
  const page = await browser.newPage();
  await restoreDemoPassword(page);
  await page.close();
});

test("a forgotten password is set again through the link in the mail", async ({ page }) => {
  const link = await requestResetLink(page, engineer.email);
  expect(link).toMatch(/\/auth\/set-password\?token=/);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expect(page.getByText(engineer.email)).toBeVisible();

  // Spec 5: 8–20 characters, an uppercase and a lowercase letter, a number, a special character.
  for (const weak of [
    "Sh0rt#",
    "alllowercase#1",
    "ALLUPPERCASE#1",
    "NoNumbers#here",
    "NoSpecial123",
    "Far#Too#Long#Password1",
  ]) {
    await setPassword(page, weak);
    await expect(page.getByText("Password does not meet the requirements below")).toBeVisible();
    await expect(page).toHaveURL(link);
  }
  await expect(page.getByText("Your password must have:")).toBeVisible();
  for (const rule of [
    "8 to 20 characters",
    "At least 1 uppercase letter",
    "At least 1 lowercase letter",
    "At least 1 number",
    "At least 1 special character",
  ]) {
    await expect(page.getByRole("listitem").filter({ hasText: rule })).toBeVisible();
  }

  await setPassword(page, newPassword, `${newPassword}9`);
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page).toHaveURL(link);

  await setPassword(page, newPassword);
  passwordChanged = true;
  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByText("Your password is set. Sign in with your new password.")).toBeVisible();

  // The old password no longer works; the new one does.
  await submitSignInForm(page, engineer.email, DEMO_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password");
  await submitSignInForm(page, engineer.email, newPassword);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { name: `Welcome, ${engineer.name}` })).toBeVisible();
  await openProfileMenu(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/auth/login");

  // The link works once.
  await page.goto(link);
  const popup = page.getByRole("alertdialog", { name: "Link Expired" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("Please click on Set Password button to set your password.");
  const setPasswordButton = popup.getByRole("link", { name: "Set Password" });
  await expect(setPasswordButton).toBeVisible();
  await setPasswordButton.click();
  await expect(page).toHaveURL("/auth/forgot-password");

  await restoreDemoPassword(page);
  await submitSignInForm(page, engineer.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/");
});
