import { expect, test } from "./fixtures";

/**
 * Safety actions end to end: the HSSE manager creates an action assigned to a site engineer, the engineer
 * starts and completes it, the manager (its creator) closes it, and the Activity Log shows each step with
 * who took it. The project is the test's own, with nothing in it but these two people.
 */
test("an action from creation to closed, each step by the person whose step it is, in the activity log", async ({
  team,
}) => {
  test.setTimeout(90_000);
  const assignee = await team.add("Site Engineer");
  const manager = await team.add("HSSE Manager");
  const managerPage = await team.signedInPage(manager);
  const assigneePage = await team.signedInPage(assignee);
  const title = team.unique("Replace the edge protection on span 2");
  let actionUrl = "";

  await test.step("the HSSE manager creates the action, assigned to the site engineer", async () => {
    await managerPage.goto("/safety/actions?tab=all_actions");
    await managerPage.getByRole("link", { name: "New action" }).first().click();
    await expect(managerPage.getByRole("heading", { name: "New action", level: 1 })).toBeVisible();
    // The server checks the form too: an action without a title is refused.
    await managerPage.getByRole("button", { name: "Create action" }).click();
    await expect(managerPage.getByText("This field is required").first()).toBeVisible();
    await managerPage.getByLabel("Title *").fill(title);
    await managerPage.getByLabel("Risk ranking *").selectOption({ label: "Extreme" });
    await managerPage.getByLabel("Assigned to *").selectOption({ label: assignee.name });
    await managerPage.getByRole("button", { name: "Create action" }).click();
    await expect(managerPage.getByRole("heading", { level: 1 })).toContainText(`ACT-0001 ${title}`);
    actionUrl = managerPage.url();
  });

  await test.step("the site engineer finds it in My Actions, starts it and completes it", async () => {
    await assigneePage.goto("/safety/actions");
    await expect(assigneePage.getByRole("link", { name: "My Actions" })).toBeVisible();
    await assigneePage.getByRole("link", { name: "ACT-0001" }).click();
    await assigneePage.getByRole("button", { name: "Start", exact: true }).click();
    await expect(assigneePage.getByText("ACT-0001 started.")).toBeVisible();
    await assigneePage.getByRole("button", { name: "Complete", exact: true }).click();
    await expect(assigneePage.getByText("ACT-0001 completed.")).toBeVisible();
    // Closing is the creator's or a manager's step, not the assignee's.
    await expect(assigneePage.getByRole("button", { name: "Close", exact: true })).toHaveCount(0);
  });

  await test.step("the manager, its creator, closes it", async () => {
    await managerPage.goto(actionUrl);
    await managerPage.getByRole("button", { name: "Close", exact: true }).click();
    await expect(managerPage.getByText("ACT-0001 closed.")).toBeVisible();
    const header = managerPage
      .locator("header")
      .filter({ has: managerPage.getByRole("heading", { level: 1 }) });
    await expect(header.getByText("Closed", { exact: true })).toBeVisible();
  });

  await test.step("the Activity Log shows each step with who took it", async () => {
    await managerPage.getByRole("link", { name: "Activity Log" }).click();
    await expect(managerPage.getByText(`Created by ${manager.name}`)).toBeVisible();
    await expect(managerPage.getByText(`Status updated by ${assignee.name}`)).toHaveCount(2);
    await expect(managerPage.getByText(`Status updated by ${manager.name}`)).toHaveCount(1);
    await expect(managerPage.getByText("Open → In progress")).toBeVisible();
    await expect(managerPage.getByText("In progress → Completed")).toBeVisible();
    await expect(managerPage.getByText("Completed → Closed")).toBeVisible();
  });
});
