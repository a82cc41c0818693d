import type { Page } from "@playwright/test";
import { expect, openProfileMenu, submitSignInForm, test } from "./fixtures";

/** The Forgot password page the page shows: sends the form and waits for the answer. */
async function sendResetLink(page: Page, email: string) {
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `If an account uses ${email}, a link to set a new password is on its way. The link works once and expires in 1 hour.`,
  );
}

/** The link of the newest reset mail to the address in /dev/mailbox, waiting for one newer than `previous`. */
async function newResetLink(page: Page, email: string, previous: string | null = null): Promise<string> {
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

test("a forgotten password is set again through the link in the mail", async ({ page, team }) => {
  const engineer = await team.add("Site Engineer");
  const newPassword = "Bridge#2026x";

  // Opened by mistake: Back to sign in, right under the (focused, empty) email field, takes a click.
  await page.goto("/auth/forgot-password");
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL("/auth/login");
  // So does Forgot password?, under the focused, empty email field of the sign-in page.
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/auth/forgot-password");
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();

  // A mistyped address is refused; once corrected, the button takes a click anywhere on it, here near its
  // lower edge (with the message going only when the field lost focus, the button moved away from it).
  const sendButton = page.getByRole("button", { name: "Send reset link" });
  await page.getByLabel("Email", { exact: true }).fill(engineer.email.replace("@", ""));
  await sendButton.click();
  await expect(page.getByText("Invalid email", { exact: true })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(engineer.email);
  const { width, height } = (await sendButton.boundingBox())!;
  await sendButton.click({ position: { x: width / 2, y: height - 4 } });
  await expect(page.getByRole("status")).toHaveText(
    `If an account uses ${engineer.email}, a link to set a new password is on its way. The link works once and expires in 1 hour.`,
  );

  const link = await newResetLink(page, engineer.email);
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
  await expect(page).toHaveURL("/auth/login");
  await expect(page.getByText("Your password is set. Sign in with your new password.")).toBeVisible();

  // The old password no longer works; the new one does.
  await submitSignInForm(page, engineer.email, engineer.password);
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

  // From there a fresh link sets the password again.
  await sendResetLink(page, engineer.email);
  await page.goto(await newResetLink(page, engineer.email, link));
  await setPassword(page, "Bridge#2027y");
  await expect(page.getByText("Your password is set. Sign in with your new password.")).toBeVisible();
  await submitSignInForm(page, engineer.email, "Bridge#2027y");
  await expect(page).toHaveURL("/");
});
