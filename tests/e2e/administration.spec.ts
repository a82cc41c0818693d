import type { Page } from "@playwright/test";
import { expect, submitSignInForm, test } from "./fixtures";

/**
 * Administration through the real pages: a limited product role, an invitation with it, the newcomer's
 * first sign-in, the refusal to delete a role in use, and switching a module off. Each test works in
 * a project of its own, with a role and an address of its own.
 */

const nav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

/**
 * Clicks a button that opens a dialog. A page opened with goto may still be hydrating, and until then
 * the button does nothing: it is pressed again until the dialog shows.
 */
async function openDialog(page: Page, button: string, dialog: string) {
  await expect(async () => {
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(page.getByRole("alertdialog", { name: dialog })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return page.getByRole("alertdialog", { name: dialog });
}

/** The newest mail to the address on /dev/mailbox, waiting for it to arrive. */
async function newestMail(page: Page, to: string, subject: string) {
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
    await expect(page.getByRole("article").first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const mail = page.getByRole("article").first();
  await expect(mail.getByRole("heading", { name: subject })).toBeVisible();
  return mail;
}

test("a limited product role for a newcomer: created, given by invitation, kept while in use (specs 5 and 8)", async ({
  page,
  team,
  browser,
}) => {
  // Four screens and two people in one story; the default minute is tight on a busy machine.
  test.setTimeout(120_000);
  const project = await team.project();
  const admin = await team.signIn(page, await team.add("Project Administrator", { superAdmin: true }));
  const limitedRole = team.unique("Safety actions reader");
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const newcomer = {
    email: `newcomer-${stamp}@siteproof.test`,
    // The name an invitation gives a new account: the address's local part in words.
    name: `Newcomer ${stamp}`,
    password: "Newcomer#2026",
  };
  const invitationSubject = `You are invited to ${project.name} on SiteProof`;

  await test.step("the admin creates a role that only lets members read safety actions", async () => {
    await page.goto("/globalSettings/roles/new");
    await expect(page.getByRole("heading", { name: "Create role", level: 1 })).toBeVisible();
    // Without JavaScript the page asks for full access to be confirmed with a checkbox; it goes once
    // the page is hydrated, and the permission tree then reacts to clicks.
    await expect(
      page.getByRole("checkbox", { name: "I confirm that this role gets full access" }),
    ).toHaveCount(0);

    await page.getByLabel("Role name", { exact: true }).fill(limitedRole);

    // Nothing chosen: the role is refused.
    await page.getByRole("button", { name: "Create role", exact: true }).click();
    await expect(page.getByText("Please select a permission to create role")).toBeVisible();
    await expect(page).toHaveURL("/globalSettings/roles/new");

    const tree = page.getByRole("region", { name: "Permissions" });
    const safety = tree.getByRole("region", { name: "HSSE", exact: true });
    const notifications = tree.getByRole("region", { name: "Notifications", exact: true });
    const projectSettings = tree.getByRole("region", { name: "Project Settings", exact: true });
    const globalSettings = tree.getByRole("region", { name: "Global Settings", exact: true });
    // Every module starts on No access.
    for (const module of [safety, projectSettings, globalSettings]) {
      await expect(module.getByRole("radio", { name: "No access" })).toBeChecked();
    }
    // Reading one's own notifications is granted to everyone: nothing to choose there.
    await expect(notifications.getByRole("checkbox", { name: "View (Always granted)" })).toBeDisabled();

    // Actions are named in words, not by their codes.
    await safety
      .getByRole("group", { name: "Actions" })
      .getByRole("checkbox", { name: "View", exact: true })
      .check();
    await expect(safety.getByRole("radio", { name: "Limited" })).toBeChecked();
    await expect(projectSettings.getByRole("radio", { name: "No access" })).toBeChecked();
    await expect(globalSettings.getByRole("radio", { name: "No access" })).toBeChecked();
    await expect(page.getByText("Please select a permission to create role")).toHaveCount(0);

    await page.getByRole("button", { name: "Create role", exact: true }).click();

    await expect(page).toHaveURL(/\/globalSettings\/roles\/detail\//);
    await expect(page.getByText(`Role ${limitedRole} created`)).toBeVisible();
    await expect(page.getByRole("heading", { name: limitedRole, level: 1 })).toBeVisible();
    await expect(page.getByText("Limited · 1 permission")).toBeVisible();
    const summaryOf = (module: string) =>
      page
        .getByRole("region", { name: "Permissions" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: module, exact: true }) });
    await expect(summaryOf("HSSE")).toContainText("Limited");
    await expect(summaryOf("HSSE").getByRole("term")).toHaveText("Actions");
    await expect(summaryOf("HSSE").getByRole("definition")).toHaveText("View");
    for (const module of ["Project Settings", "Global Settings"]) {
      await expect(summaryOf(module)).toContainText("No access");
      await expect(summaryOf(module).getByRole("definition")).toHaveCount(0);
    }
    await expect(page.getByText("No member uses this role.")).toBeVisible();

    // The roles list has it too.
    await page.getByRole("link", { name: "Back to roles" }).click();
    await expect(page).toHaveURL("/globalSettings/roles");
    await page.getByRole("searchbox", { name: "Search roles" }).fill(limitedRole);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("row").filter({ hasText: limitedRole })).toContainText("1 permission");
  });

  await test.step("the admin invites a newcomer to the project with that role", async () => {
    await page.goto("/project-settings/members");
    await page.getByRole("link", { name: "Invite members" }).click();
    await expect(page).toHaveURL("/project-settings/members/invite-member");
    await expect(page.getByRole("heading", { name: "Invite members", level: 1 })).toBeVisible();
    await expect(page.getByText(`Invite people to ${project.name}.`)).toBeVisible();

    await page.getByLabel("Email addresses").fill(newcomer.email);
    await page.getByLabel("Email addresses").press("Enter");
    await expect(page.getByRole("button", { name: new RegExp(newcomer.email) })).toBeVisible();
    await page.getByRole("combobox", { name: "Role in product" }).click();
    await page.getByRole("option", { name: limitedRole, exact: true }).click();
    await expect(page.getByRole("combobox", { name: "Role in product" })).toHaveText(new RegExp(limitedRole));
    await page.getByRole("button", { name: "Send invitations" }).click();

    await expect(page).toHaveURL("/project-settings/members");
    await expect(page.getByText("1 invitation sent", { exact: true })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search members" }).fill(newcomer.email);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: newcomer.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(0)).toHaveText(newcomer.name);
    await expect(row).toContainText(limitedRole);
    await expect(row).toContainText("Invited");

    const mail = await newestMail(page, newcomer.email, invitationSubject);
    await expect(mail).toContainText(`${admin.name} invited you to join the project ${project.name}`);
  });

  await test.step("the newcomer sets a password from the mail and sees only what the role allows", async () => {
    const context = await browser.newContext();
    const newcomerPage = await context.newPage();
    try {
      const mail = await newestMail(newcomerPage, newcomer.email, invitationSubject);
      await mail.getByRole("link", { name: /\/auth\/set-password\?token=/ }).click();

      await expect(newcomerPage).toHaveURL(/\/auth\/set-password\?token=/);
      await expect(newcomerPage.getByRole("heading", { name: "Set your password" })).toBeVisible();
      await newcomerPage.getByLabel("New password", { exact: true }).fill(newcomer.password);
      await newcomerPage.getByLabel("Confirm password", { exact: true }).fill(newcomer.password);
      await newcomerPage.getByRole("button", { name: "Set Password" }).click();
      await expect(newcomerPage).toHaveURL("/auth/login");
      await expect(
        newcomerPage.getByText("Your password is set. Sign in with your new password."),
      ).toBeVisible();

      await submitSignInForm(newcomerPage, newcomer.email, newcomer.password);
      // Their only project is chosen for them.
      await expect(newcomerPage).toHaveURL("/");
      await expect(newcomerPage.getByRole("heading", { name: `Welcome, ${newcomer.name}` })).toBeVisible();
      await expect(newcomerPage.getByTestId("current-project")).toHaveText(
        `${project.name} (${project.number})`,
      );

      // The navigation shows what the role grants, nothing more.
      // Outside a module, each module is one link to its home; inside it, its pages.
      await expect(nav(newcomerPage).getByRole("link")).toHaveText(["Home", "Safety", "Notifications"]);
      await nav(newcomerPage).getByRole("link", { name: "Safety" }).click();
      await expect(newcomerPage).toHaveURL(/\/safety\/home/);
      await expect(nav(newcomerPage).getByRole("link")).toHaveText([
        "Home",
        "Overview",
        "Actions",
        "Notifications",
      ]);
      await nav(newcomerPage).getByRole("link", { name: "Actions" }).click();
      await expect(newcomerPage).toHaveURL(/\/safety\/actions/);
      await nav(newcomerPage).getByRole("link", { name: "Notifications" }).click();
      await expect(newcomerPage).toHaveURL(/\/notifications/);
      await expect(newcomerPage.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

      // The pages the role does not grant are refused, even typed in.
      for (const path of [
        "/project-settings/roles-in-accs",
        "/project-settings/members",
        "/globalSettings/roles",
      ]) {
        await newcomerPage.goto(path);
        await expect(newcomerPage).toHaveURL("/forbidden");
        await expect(newcomerPage.getByRole("heading", { name: "Permission Denied" })).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  await test.step("a role assigned to a member cannot be deleted", async () => {
    // The newcomer accepted the invitation: the member is active now.
    await page.goto(`/project-settings/members?q=${encodeURIComponent(newcomer.email)}`);
    await expect(page.getByRole("row").filter({ hasText: newcomer.email })).toContainText("Active");

    await page.goto("/globalSettings/roles");
    await page.getByRole("searchbox", { name: "Search roles" }).fill(limitedRole);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("link", { name: limitedRole }).click();
    await expect(page.getByRole("heading", { name: limitedRole, level: 1 })).toBeVisible();

    const members = page.getByRole("table", { name: "Members using this role" });
    await expect(members.getByRole("row").filter({ hasText: newcomer.email })).toContainText(project.name);

    const dialog = await openDialog(page, "Delete", "Delete role?");
    await expect(dialog).toContainText(`The role ${limitedRole} will be deleted. This cannot be undone.`);
    await dialog.getByRole("button", { name: "Delete role" }).click();

    const refusal = page.getByRole("alert").filter({ hasText: "Unable to Delete Role" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(
      "This role is assigned to 1 member. Give them another role, then delete it.",
    );
    await expect(page.getByText(`Role ${limitedRole} deleted`)).toHaveCount(0);

    // The role is still there.
    await page.reload();
    await expect(page.getByRole("heading", { name: limitedRole, level: 1 })).toBeVisible();
    await expect(members.getByRole("row").filter({ hasText: newcomer.email })).toBeVisible();
  });
});

test("a module switched off leaves the navigation and its page is refused (spec 8)", async ({
  page,
  team,
}) => {
  const modulesPage = "/project-settings/modules";
  const notificationsSwitch = page.getByRole("switch", { name: "Notifications on in this project" });
  async function switchNotifications(on: boolean) {
    await page.goto(modulesPage);
    await expect(notificationsSwitch).toHaveAttribute("aria-checked", String(!on));
    await notificationsSwitch.click();
    await expect(
      page.getByText(`Notifications is switched ${on ? "on" : "off"} for this project`),
    ).toBeVisible();
    await expect(notificationsSwitch).toHaveAttribute("aria-checked", String(on));
  }

  await team.signIn(page, await team.add("Project Administrator", { superAdmin: true }));
  await page.goto(modulesPage);
  await expect(page.getByRole("heading", { name: "Modules", level: 1 })).toBeVisible();
  const listItem = page.getByRole("listitem").filter({ has: notificationsSwitch });
  await expect(listItem).toContainText("On");

  const engineer = await team.signedInPage("Site Engineer");
  await engineer.goto("/");
  await expect(nav(engineer).getByRole("link", { name: "Notifications" })).toBeVisible();

  await switchNotifications(false);
  await expect(listItem).toContainText("Off");

  await engineer.reload();
  await expect(nav(engineer).getByRole("link", { name: "Home" })).toBeVisible();
  await expect(nav(engineer).getByRole("link", { name: "Notifications" })).toHaveCount(0);
  await engineer.goto("/notifications");
  await expect(engineer).toHaveURL("/forbidden");
  await expect(engineer.getByRole("heading", { name: "Permission Denied" })).toBeVisible();

  // Switched on again, everything is back.
  await switchNotifications(true);
  await expect(listItem).toContainText("On");
  await engineer.goto("/");
  await nav(engineer).getByRole("link", { name: "Notifications" }).click();
  await expect(engineer).toHaveURL(/\/notifications/);
  await expect(engineer.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
});
