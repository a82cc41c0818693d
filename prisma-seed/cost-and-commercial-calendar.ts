import type { EntityManager } from "@mikro-orm/postgresql";
import { shiftDay } from "~/modules/cost-and-commercial/domain/schedule-recurrence";
import { EmailTemplate } from "~/modules/cost-and-commercial/entities";
import { firstDayOf, monthWeeks, shiftMonth } from "~/modules/cost-and-commercial/server/calendar-grid";
import { createCalendarTask } from "~/modules/cost-and-commercial/server/calendar-tasks.server";
import { calendarWeekStart } from "~/modules/cost-and-commercial/server/cnc-settings.server";
import { createEmailTemplate } from "~/modules/cost-and-commercial/server/email-template.server";
import { createReminder } from "~/modules/cost-and-commercial/server/reminders.server";
import { siteToday } from "~/modules/cost-and-commercial/server/rfa.server";
import { type IProject, type IUser, ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { memberGrantedKeys } from "~/server/permissions/granted-keys.server";
import { isGranted } from "~/server/permissions/grants";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { PermissionRef } from "~/server/permissions/keys";

/**
 * The commercial calendar demo (decision 044, README "Calendar, reminders and settings"): on the bridge, two
 * e-mail templates, two schedules that recur (the monthly progress claim to the client on the 25th, the weekly
 * subcontractor compliance check on Mondays) and four tasks over both sides of the calendar — one overdue, one
 * due this week, two next month. Everything goes through the module's own create functions, as its forms post
 * them, by the people whose roles allow it: what the pages would have written, activity entries included.
 */

/** The form posts as the pages send them: one value a field, several for a multi-select. */
function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

/** What the guard would hand the module's action when this member posts on the project (their roles' grants). */
async function postingAs(em: EntityManager, project: IProject, user: IUser): Promise<ProjectContext> {
  const scoped = scopeToProject(em.fork(), project.id);
  const membership = await scoped.findOneOrFail(
    ProjectMember,
    { project: project.id, user: user.id },
    { populate: ["role", "accRole"] },
  );
  const granted = memberGrantedKeys(membership, project);
  return {
    em: scoped,
    project,
    user,
    membership,
    granted,
    locale: "en",
    can: (ref: PermissionRef | undefined) => isGranted(ref, granted, user.isSuperAdmin),
  } as unknown as ProjectContext;
}

/** A create action answers a redirect when it saved; anything else is a form it refused, which a seed must not hide. */
async function saved(action: Promise<unknown>, what: string) {
  const answer = await action;
  if (answer instanceof Response && answer.status >= 300 && answer.status < 400) return;
  throw new Error(`The calendar demo could not create ${what}: ${JSON.stringify(answer)}`);
}

const PAYMENT_CLAIM_TEMPLATE = {
  name: "Payment claim reminder",
  subject: "{project}: {title} due {occurrence}",
  body: [
    "Hello,",
    "",
    "{number} {title} falls due on {occurrence}, {leadDays} days from now.",
    "Prepare the claim on the {documentTemplate} form: the month's quantities, photos and approved variations,",
    "and send it to the Principal's representative by the end of that day.",
    "",
    "SiteProof, Cost and Commercial",
  ].join("\n"),
};

const COMPLIANCE_TEMPLATE = {
  name: "Subcontractor compliance check",
  subject: "{project}: {title} on {occurrence}",
  body: [
    "Hello,",
    "",
    "{number} {title} is on {occurrence}.",
    "Check each subcontractor's public liability and workers compensation certificates on the {documentTemplate}",
    "and chase any that lapse before their next payment claim.",
    "",
    "SiteProof, Cost and Commercial",
  ].join("\n"),
};

export async function seedCostAndCommercialCalendarDemo(
  em: EntityManager,
  demo: { bridge: IProject; admin: IUser; by: IUser; colleague: IUser },
) {
  // Templates are settings: the Project Administrator's to make. The calendar is the Site Engineer's.
  const administrator = await postingAs(em, demo.bridge, demo.admin);
  const engineer = await postingAs(em, demo.bridge, demo.by);
  for (const template of [PAYMENT_CLAIM_TEMPLATE, COMPLIANCE_TEMPLATE])
    await saved(createEmailTemplate(administrator, form(template)), `the template ${template.name}`);
  const templateId = async (name: string) =>
    (await engineer.em.findOneOrFail(EmailTemplate, { project: demo.bridge.id, name })).id;

  // Days on the project's clock, as the pages count them, so "today" is the calendar's today at any hour.
  const today = await siteToday(engineer);
  const day = (offset: number) => shiftDay(today, offset);
  const nextMonth = (dayOfMonth: number) =>
    shiftDay(firstDayOf(shiftMonth(today.slice(0, 7), 1)), dayOfMonth - 1);
  const weekStart = await calendarWeekStart(engineer);
  const thisWeek = monthWeeks(today.slice(0, 7), weekStart).find((week) => week.includes(today)) ?? [today];
  const endOfThisWeek = thisWeek[thisWeek.length - 1]!;

  // Both start today, the day the form offers: nothing is overdue yet, and the daily e-mail run takes them from
  // their next occurrence on.
  await saved(
    createReminder(
      engineer,
      form({
        side: "upstream",
        title: "Progress claim to the client",
        startDate: today,
        status: "active",
        recurrence: "monthly-day",
        monthDay: "25",
        leadDays: "5",
        emailTemplateId: await templateId(PAYMENT_CLAIM_TEMPLATE.name),
        documentTemplate: "AS 4000 progress claim",
        recipients: "engineer@siteproof.test, projectengineer@siteproof.test",
      }),
    ),
    "the monthly progress claim reminder",
  );
  await saved(
    createReminder(
      engineer,
      form({
        side: "downstream",
        title: "Subcontractor insurance and compliance check",
        startDate: today,
        status: "active",
        recurrence: "weekly",
        weekday: "MO",
        leadDays: "1",
        emailTemplateId: await templateId(COMPLIANCE_TEMPLATE.name),
        documentTemplate: "subcontractor compliance register",
        recipients: "engineer@siteproof.test",
      }),
    ),
    "the weekly compliance check",
  );

  const people = { responsibleId: demo.by.id, collaboratorIds: [demo.colleague.id] };
  const tasks = [
    {
      side: "upstream",
      task: "Progress claim 3 back-up: quantities and photos",
      description:
        "Measured quantities for the pier 3 headstock and the span 2 deck, with dated site photos.",
      ...people,
      startDate: day(-12),
      dueDate: day(-2),
      packageName: "Head contract NBU-2026",
      packageType: "Contract",
      contractObligations:
        "The claim is supported by the evidence the Principal's representative reasonably requires.",
      notes: "The surveyor's pick-up of the deck is still to come.",
      status: "in_progress",
    },
    {
      side: "downstream",
      task: "Certify the formwork's payment claim 1",
      description: "Check SC-NBU-01 claim 1 against the approved dockets and issue the payment schedule.",
      ...people,
      startDate: day(-2),
      dueDate: endOfThisWeek,
      packageName: "SC-NBU-01 Formwork and falsework to the piers",
      packageType: "Contract",
      contractObligations:
        "A payment schedule within 10 business days of the claim, or the claimed amount is owed.",
      notes: "",
      status: "open",
    },
    {
      side: "upstream",
      task: "Renew the contract works insurance certificate",
      description: "The Principal needs the renewed certificate before the current one lapses.",
      responsibleId: demo.colleague.id,
      collaboratorIds: [demo.by.id],
      startDate: nextMonth(3),
      dueDate: nextMonth(12),
      packageName: "Head contract NBU-2026",
      packageType: "Contract",
      contractObligations: "Insurance of the works is kept in force until practical completion.",
      notes: "",
      status: "open",
    },
    {
      side: "downstream",
      task: "Plant hire rates review",
      description:
        "Compare SC-NBU-02's crane and tipper rates with the resource rates before the new quarter.",
      ...people,
      startDate: nextMonth(15),
      dueDate: nextMonth(15),
      packageName: "SC-NBU-02 Plant hire: excavators, crane and tippers",
      packageType: "Contract",
      contractObligations: "",
      notes: "One day: the review meeting with Ridgeline Plant Hire.",
      status: "open",
    },
  ];
  for (const task of tasks) await saved(createCalendarTask(engineer, form(task)), `the task ${task.task}`);
}
