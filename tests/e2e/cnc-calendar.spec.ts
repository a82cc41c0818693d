import ExcelJS from "exceljs";
import { CalendarTask, CommercialCalendar } from "~/modules/cost-and-commercial/entities";
import { CALENDAR_COLUMNS } from "~/modules/cost-and-commercial/server/calendar-import";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";

/**
 * The commercial calendar end to end, on a 390 px phone: a task added through its form (its date rule
 * first), seen in the month and list views; an iCalendar file uploaded to the downstream side; a workbook
 * with a wrong row refused whole, naming the row. March 2027 is named in every address, so the test does
 * not depend on the day it runs.
 */
test("a task added, a calendar uploaded from .ics and a bad workbook refused, on a phone", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(90_000);
  const admin = await team.add("Project Administrator");
  const page = await team.signedInPage(admin);
  await page.setViewportSize({ width: 390, height: 844 });
  const project = await team.project();
  const em = serverDatabase.em();
  const dayList = page.getByRole("list", { name: "Days with entries" });

  await test.step("the empty month says so; a task is added once its dates are in order", async () => {
    await page.goto("/cost-and-commercial/calendar?month=2027-03");
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await expect(page.getByText("Nothing on the calendar this month.").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "Add task" }).click();
    await page.getByLabel("Task *").fill("Serve payment claim 7");
    await page.getByLabel("Start date *").fill("2027-03-10");
    await page.getByLabel("Due date *").fill("2027-03-08");
    await page.getByRole("button", { name: "Add task" }).click();
    await expect(page.getByText("The due date cannot be before the start date")).toBeVisible();
    await page.getByLabel("Due date *").fill("2027-03-12");
    await page.getByLabel("Contract obligations").fill("Clause 37.1: claims on the 10th of each month");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Add task" }).click();
    await expect(page.getByText('Task "Serve payment claim 7" added')).toBeVisible();
  });

  await test.step("the task is on the month's phone list, and on the list view, within the width", async () => {
    await expect(page).toHaveURL(/month=2027-03/);
    await expect(page.getByRole("heading", { name: /March 2027/ })).toBeVisible();
    await expect(dayList.getByRole("link", { name: /Serve payment claim 7/ }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "List", exact: true }).click();
    await expect(page).toHaveURL(/view=list/);
    // Starts on the 10th, due on the 12th: two days list it.
    await expect(dayList.getByRole("link", { name: /Serve payment claim 7/ })).toHaveCount(2);
    await expectNoSidewaysScroll(page);
  });

  await test.step("an iCalendar file is added to the downstream side", async () => {
    await page.getByRole("link", { name: "Add calendar" }).click();
    await expect(page.getByRole("heading", { name: "Add calendar by upload", level: 1 })).toBeVisible();
    await page.getByLabel("Calendar name *").fill("Formwork programme");
    await page.getByLabel("Side *").selectOption({ label: "Downstream" });
    await page.getByLabel("File *").setInputFiles({
      name: "formwork.ics",
      mimeType: "text/calendar",
      buffer: Buffer.from(
        [
          "BEGIN:VCALENDAR",
          "VERSION:2.0",
          "PRODID:-//Formwork Bros//Programme//EN",
          "BEGIN:VEVENT",
          "UID:strip-pier-3@formwork",
          "SUMMARY:Strip pier 3 forms",
          "DTSTART;VALUE=DATE:20270303",
          "DTEND;VALUE=DATE:20270304",
          "END:VEVENT",
          "BEGIN:VEVENT",
          "UID:claim-review@formwork",
          "SUMMARY:Claim review with the formwork",
          "DTSTART:20270315T090000Z",
          "DTEND:20270315T100000Z",
          "END:VEVENT",
          "END:VCALENDAR",
        ].join("\r\n"),
      ),
    });
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Upload calendar" }).click();
    await expect(page.getByText('Calendar "Formwork programme" added with 2 tasks')).toBeVisible();
    await expect(page).toHaveURL(/side=downstream/);
    await expect(dayList.getByRole("link", { name: /Strip pier 3 forms/ }).first()).toBeVisible();
    await expect(dayList.getByRole("link", { name: /Claim review with the formwork/ }).first()).toBeVisible();
    // The upstream side keeps its own entries.
    await expect(dayList.getByText("Serve payment claim 7")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });

  await test.step("a workbook with a row missing its task is refused whole, naming the row", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Calendar");
    sheet.addRow(CALENDAR_COLUMNS.map((column) => column.header));
    sheet.addRow(["Pour deck segment 4", "", "2027-03-18", "2027-03-18"]);
    sheet.addRow(["", "No task name on this row", "2027-03-19", "2027-03-19"]);
    await page.getByRole("link", { name: "Add calendar" }).click();
    await page.getByLabel("Calendar name *").fill("Deck pours");
    await page.getByLabel("File *").setInputFiles({
      name: "deck-pours.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await page.getByRole("button", { name: "Upload calendar" }).click();
    await expect(page.getByText("Row 3: Task is required")).toBeVisible();
    const calendars = await em.fork().find(CommercialCalendar, { project: project.id }, { filters: false });
    expect(calendars.map((calendar) => calendar.name)).toEqual(["Formwork programme"]);
    const tasks = await em.fork().find(CalendarTask, { project: project.id }, { filters: false });
    expect(tasks.map((task) => task.task).sort()).toEqual([
      "Claim review with the formwork",
      "Serve payment claim 7",
      "Strip pier 3 forms",
    ]);
  });
});
