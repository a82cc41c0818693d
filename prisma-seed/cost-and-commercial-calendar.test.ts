import { describe, expect, it } from "vitest";
import { shiftDay } from "~/modules/cost-and-commercial/domain/schedule-recurrence";
import type { ContractSide } from "~/modules/cost-and-commercial/domain/vocabularies";
import { monthWeeks, shiftMonth } from "~/modules/cost-and-commercial/server/calendar-grid";
import {
  type CalendarEntry,
  calendarMonth,
} from "~/modules/cost-and-commercial/server/calendar-month.server";
import { calendarWeekStart } from "~/modules/cost-and-commercial/server/cnc-settings.server";
import {
  EMAIL_PLACEHOLDERS,
  fillTemplate,
} from "~/modules/cost-and-commercial/server/email-template-placeholders";
import {
  reminderById,
  reminderPage,
  reminderRegister,
} from "~/modules/cost-and-commercial/server/reminders.server";
import { siteToday } from "~/modules/cost-and-commercial/server/rfa.server";
import { Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const dueTasks = (entries: CalendarEntry[]) =>
  entries.filter((entry) => entry.kind === "task-due").map((entry) => [entry.title, entry.day] as const);

describe("the demo commercial calendar", () => {
  it("has a monthly and a weekly reminder e-mailed from templates, and tasks on both sides of the calendar", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const bridge = await db.em.fork().findOneOrFail(Project, { name: "Northern Bridge Upgrade" });
    // A viewer's context on the bridge, as the guard gives the calendar's pages.
    const context = {
      em: scopeToProject(db.em.fork(), bridge.id),
      project: bridge,
      can: () => false,
    } as unknown as ProjectContext;
    const today = await siteToday(context);

    // The schedules page: both reminders active, each with the next occurrences its RRULE gives.
    const register = await reminderRegister(context, 1);
    expect(register.rows.map((row) => [row.number, row.side, row.title, row.status, row.choice])).toEqual([
      [
        "SCH-001",
        "upstream",
        "Progress claim to the client",
        "active",
        { kind: "monthly-day", monthDay: 25 },
      ],
      [
        "SCH-002",
        "downstream",
        "Subcontractor insurance and compliance check",
        "active",
        { kind: "weekly", weekday: "MO" },
      ],
    ]);
    const [monthly, weekly] = register.rows;
    expect(monthly.next).toHaveLength(3);
    expect(monthly.next.every((day) => day.endsWith("-25") && day >= today)).toBe(true);
    expect(monthly.next.map((day) => day.slice(0, 7))).toEqual([
      monthly.next[0].slice(0, 7),
      shiftMonth(monthly.next[0].slice(0, 7), 1),
      shiftMonth(monthly.next[0].slice(0, 7), 2),
    ]);
    expect(weekly.next).toHaveLength(3);
    expect(weekly.next.every((day) => weekdayOf(day) === 1 && day >= today)).toBe(true);
    // Started today: the first occurrence is the next 25th and the coming Monday, none skipped.
    expect(monthly.next[0]).toBe(
      today <= `${today.slice(0, 7)}-25`
        ? `${today.slice(0, 7)}-25`
        : `${shiftMonth(today.slice(0, 7), 1)}-25`,
    );
    expect(weekly.next).toEqual([0, 7, 14].map((days) => shiftDay(weekly.next[0], days)));
    expect(weekly.next[0] <= shiftDay(today, 6)).toBe(true);

    // Each reminder's page names its template, whose {placeholders} are all ones the e-mail fills.
    for (const [row, template] of [
      [monthly, "Payment claim reminder"],
      [weekly, "Subcontractor compliance check"],
    ] as const) {
      const page = await reminderPage(context, await reminderById(context, row.id));
      expect(page.reminder.emailTemplate).toBe(template);
      const reminder = await reminderById(context, row.id);
      const values = Object.fromEntries(EMAIL_PLACEHOLDERS.map((name) => [name, "x"]));
      const text = `${reminder.emailTemplate?.subject}\n${reminder.emailTemplate?.body}`;
      expect(text).toMatch(/\{\w+\}/);
      expect(fillTemplate(text, values)).not.toMatch(/\{\w+\}/);
      expect(page.reminder.recipients.length).toBeGreaterThan(0);
    }

    // The calendar page of each side, from last month to next: its tasks' due days and its reminders.
    const thisMonth = today.slice(0, 7);
    const nextMonth = shiftMonth(thisMonth, 1);
    const shown = async (side: ContractSide) =>
      (
        await Promise.all(
          [shiftMonth(thisMonth, -1), thisMonth, nextMonth].map((month) =>
            calendarMonth(context, side, month, today),
          ),
        )
      ).flat();
    const upstream = await shown("upstream");
    const downstream = await shown("downstream");

    const upstreamDue = new Map(dueTasks(upstream));
    expect([...upstreamDue.keys()].sort()).toEqual([
      "Progress claim 3 back-up: quantities and photos",
      "Renew the contract works insurance certificate",
    ]);
    expect(upstreamDue.get("Progress claim 3 back-up: quantities and photos")! < today).toBe(true);
    expect(upstreamDue.get("Renew the contract works insurance certificate")!.slice(0, 7)).toBe(nextMonth);

    const downstreamDue = new Map(dueTasks(downstream));
    expect([...downstreamDue.keys()].sort()).toEqual([
      "Certify the formwork's payment claim 1",
      "Plant hire rates review",
    ]);
    const thisWeek = monthWeeks(thisMonth, await calendarWeekStart(context)).find((week) =>
      week.includes(today),
    )!;
    const certifyBy = downstreamDue.get("Certify the formwork's payment claim 1")!;
    expect(certifyBy >= today && certifyBy <= thisWeek[6]).toBe(true);
    expect(downstreamDue.get("Plant hire rates review")!.slice(0, 7)).toBe(nextMonth);
    // A one-day task shows only its due day.
    expect(
      downstream.filter((entry) => entry.title === "Plant hire rates review").map((entry) => entry.kind),
    ).toEqual(["task-due"]);

    // Next month: the claim reminder on the 25th upstream, the compliance check on every Monday downstream.
    const nextMonthReminders = (entries: CalendarEntry[]) =>
      entries.filter((entry) => entry.kind === "reminder" && entry.day.startsWith(nextMonth));
    expect(nextMonthReminders(upstream).map((entry) => [entry.title, entry.day])).toEqual([
      ["SCH-001 Progress claim to the client", `${nextMonth}-25`],
    ]);
    const mondays = monthWeeks(nextMonth, 0)
      .map((week) => week[0])
      .filter((day) => day.startsWith(nextMonth));
    expect(nextMonthReminders(downstream).map((entry) => [entry.title, entry.day])).toEqual(
      mondays.map((day) => ["SCH-002 Subcontractor insurance and compliance check", day]),
    );
  }, 120_000); // The whole demo seed runs first: slow on a busy machine.
});
