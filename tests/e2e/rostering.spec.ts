import { RosterCrew, RosterCrewMember, RosterPerson, RosterTicket } from "~/modules/rostering/entities";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";

/**
 * Rostering end to end (issue #17, decision 045): the project administrator adds what the project needs, composes
 * a crew's roster for a month on a 13-days-on cycle, sees what it breaks (13 shifts in a row for both, and a
 * Working at Heights card lapsing before the second swing), is refused publishing, resolves the fatigue by giving each a day
 * off, overrides the ticket with a reason, and publishes. A crew member then opens their roster link on a 390 px
 * phone with JavaScript off.
 */
test("a crew's month composed, its conflicts seen and resolved, published, and opened on a phone", async ({
  team,
  serverDatabase,
  browser,
}) => {
  test.setTimeout(180_000);
  const em = serverDatabase.em();
  const admin = await team.add("Project Administrator");
  const page = await team.signedInPage(admin);
  await page.setViewportSize({ width: 390, height: 844 });
  const [ana, ben] = [team.unique("Ana Rigger"), team.unique("Ben Rigger")];
  const crewName = team.unique("Deck crew");
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  // Two riggers and their crew, as the personnel and crew pages keep them (tested there).
  const first = em.create(RosterPerson, { fullName: ana, email: null, role: "Rigger" } as never);
  const second = em.create(RosterPerson, { fullName: ben, email: null, role: "Rigger" } as never);
  em.create(RosterTicket, { person: first, name: "Working at Heights", expiresOn: day(400) } as never);
  em.create(RosterTicket, { person: second, name: "Working at Heights", expiresOn: day(15) } as never);
  const crew = em.create(RosterCrew, { name: crewName, lead: first } as never);
  em.create(RosterCrewMember, { crew, person: first } as never);
  em.create(RosterCrewMember, { crew, person: second } as never);
  await em.flush();

  await test.step("the allocation: two deck riggers for the month, with Working at Heights", async () => {
    await page.goto("/rostering/rostering/allocation");
    await page.getByLabel("Rostering role *").fill("Deck riggers");
    await page.getByLabel("Number of people *").fill("2");
    await page.getByLabel("From *").fill(day(0));
    await page.getByLabel("To *").fill(day(27));
    await page.getByLabel("Tickets needed").fill("Working at Heights");
    await page.getByRole("button", { name: "Add allocation" }).click();
    await expect(page.getByText("Allocation Deck riggers added")).toBeVisible();
    await expect(page.getByText("0 of 2 rostered")).toBeVisible();
  });

  let rosterPath = "";
  await test.step("a composition roster for the crew: a month on a 13 days on, 8 off cycle", async () => {
    await page.goto("/rostering/rostering/roster-management?tab=composition");
    await page.getByRole("link", { name: "New composition roster" }).first().click();
    await page.getByLabel("Roster name *").fill("Deck crew – month");
    await page.getByLabel("Crew *").selectOption({ label: crewName });
    await page.getByLabel("Allocation").selectOption({ index: 1 });
    await page.getByLabel("From *").fill(day(0));
    await page.getByLabel("To *").fill(day(27));
    await page.getByLabel("Pattern *").fill("13/8");
    await page.getByRole("button", { name: "Create roster" }).click();
    await expect(page.getByRole("heading", { name: "Deck crew – month", level: 1 })).toBeVisible();
    rosterPath = new URL(page.url()).pathname;
    await expect(page.locator(`[data-person="${ana}"]`).getByText("20 shifts")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("the conflicts: 13 in a row for both, and Ben's card lapsing; publishing is refused", async () => {
    await expect(page.getByText("3 conflicts block publishing.")).toBeVisible();
    await expect(page.locator('[data-conflict="fatigue_consecutive"]')).toHaveCount(2);
    await expect(page.locator('[data-conflict="expired_ticket"]')).toContainText(
      `${ben}: Working at Heights expired on`,
    );
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(
      page.getByText("3 conflicts block publishing: resolve them or override each with a reason"),
    ).toBeVisible();
  });

  await test.step("a day off each resolves the fatigue; the ticket is overridden with a reason", async () => {
    const changeDay = page
      .locator("form")
      .filter({ has: page.getByRole("heading", { name: "Change a day" }) });
    for (const name of [ana, ben]) {
      await changeDay.getByLabel("Person").selectOption({ label: name });
      await changeDay.getByLabel("Day").fill(day(6));
      await changeDay.getByLabel("Shift").selectOption({ label: "Off" });
      await changeDay.getByRole("button", { name: "Change day" }).click();
      await expect(page.locator(`[data-person="${name}"]`).getByText("19 shifts")).toBeVisible();
    }
    await expect(page.locator('[data-conflict="fatigue_consecutive"]')).toHaveCount(0);
    await expect(page.getByText("1 conflict blocks publishing.")).toBeVisible();
    await page.getByText("Override with a reason").click();
    const override = page.locator("form").filter({ has: page.getByLabel("Reason *") });
    await override.getByLabel("Conflict").selectOption({ index: 1 });
    await override.getByLabel("Reason *").fill("Renewal course on the 3rd; card sighted by the supervisor");
    await override.getByRole("button", { name: "Override" }).click();
    await expect(page.getByText("Every conflict is overridden: this roster can be published.")).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Roster Deck crew – month published")).toBeVisible();
    await expect(page.getByText("Published", { exact: true })).toBeVisible();
  });

  let link = "";
  await test.step("Ana's roster link is made", async () => {
    const sendLink = page
      .locator("form")
      .filter({ has: page.getByRole("heading", { name: "Send roster link" }) });
    await sendLink.getByLabel("Person").selectOption({ label: ana });
    await sendLink.getByRole("button", { name: "Send roster link" }).click();
    const shown = page.getByRole("status").getByRole("link");
    await expect(shown).toBeVisible();
    link = new URL((await shown.getAttribute("href")) ?? "").pathname;
    expect(link).toMatch(/^\/rostering\/my-roster\/[\w-]+$/);
  });

  await test.step("Ana opens it on a 390 px phone with JavaScript off", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const phone = await context.newPage();
    await phone.goto(link);
    await expect(phone.getByRole("heading", { name: `Roster of ${ana}` })).toBeVisible();
    // 13 days less the day off in the first swing, and the seven days of the second in the month: 19 shifts.
    await expect(phone.getByRole("listitem").filter({ hasText: "Day shift" })).toHaveCount(19);
    await expectNoSidewaysScroll(phone);
    await context.close();
  });
  expect(rosterPath).toMatch(/^\/rostering\/rostering\/roster-management\/[\w-]+$/);
});
