import type { EntityManager } from "@mikro-orm/postgresql";
import { SiteDiary, SiteDiaryIssue, SiteDiaryNote, SiteDiaryRow } from "~/modules/operation/diary-entities";
import { addDays } from "~/modules/operation/domain/diary-fields";
import type { DiaryStatus } from "~/modules/operation/domain/diary-workflow";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import type { IProject, IUser } from "~/server/db/entities";
import { zonedDay } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";

/** The site diary's activity log entity type (modules/operation/server/diary-basics). */
const DIARY_ENTITY_TYPE = "operation-site-diary";
const DAYS = 14;

const SKIES = ["clear", "partly_cloudy", "overcast", "clear", "fog", "partly_cloudy", "clear"] as const;
const WINDS = ["calm", "light", "moderate", "light", "calm", "strong", "light"] as const;
const CREWS = [
  { company: "Harbour Civil Constructions", work: "Bulk excavation, abutment B", workers: 8, hours: "64.00" },
  { company: "Apex Formwork Pty Ltd", work: "Deck formwork, span 2", workers: 6, hours: "45.50" },
  { company: "Steelfix Services", work: "Reinforcement, pier 3 cap", workers: 4, hours: "30.00" },
  {
    company: "Harbour Civil Constructions",
    work: "Drainage line, chainage 1200",
    workers: 3,
    hours: "22.50",
  },
];
const PLANT = [
  { kind: "machinery", title: "Komatsu PC210 excavator", detail: "PM-0042 · Hire Co" },
  { kind: "machinery", title: "Franna AT-20 crane", detail: "PM-0051 · Lift Co" },
  { kind: "deliverable", title: "Concrete 32 MPa", detail: "48 m³ delivered, 6 trucks" },
  { kind: "plant", title: "Light tower", detail: "Night works, span 2" },
] as const;

/** A day's state in the fortnight: the oldest closed or archived, a few in review, the last days in progress. */
function stateOf(daysAgo: number): DiaryStatus {
  if (daysAgo >= 12) return "archived";
  if (daysAgo >= 5) return "closed";
  if (daysAgo >= 3) return "in_review";
  return "in_progress";
}

/**
 * Two weeks of whole-project site diaries on each demo project, one of every state, with weather, work log,
 * plant and delay rows, notes and an issue now and then. Day 4 ago on the bridge is left in progress past its
 * due date: the Overview's "overdue" list has it.
 */
export async function seedSiteDiaryDemo(
  em: EntityManager,
  input: { projects: IProject[]; engineer: IUser; reviewer: IUser },
) {
  for (const [index, project] of input.projects.entries()) {
    const today = zonedDay(new Date(), await projectTimeZone(em, project));
    for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      const formDate = addDays(today, -daysAgo);
      const status: DiaryStatus = index === 0 && daysAgo === 4 ? "in_progress" : stateOf(daysAgo);
      const rained = (daysAgo + index) % 5 === 2;
      const diary = em.create(SiteDiary, {
        project,
        number: await nextNumber(em, project.id, "SD"),
        formDate,
        dueDate: addDays(formDate, 1),
        description: CREWS[daysAgo % CREWS.length].work,
        assignee: input.engineer,
        status,
        sky: rained ? "overcast" : SKIES[daysAgo % SKIES.length],
        wind: WINDS[daysAgo % WINDS.length],
        rain: rained ? "moderate" : "none",
        rainStart: rained ? "13:10" : null,
        rainEnd: rained ? "15:40" : null,
        temperatureStart: String(12 + (daysAgo % 5)),
        temperaturePeak: `${22 + (daysAgo % 7)}.5`,
        concerns:
          daysAgo % 4 === 1 ? "Access track soft after rain; needs crushed rock before the next pour." : null,
        otherComments: daysAgo % 3 === 0 ? "Client's representative on site 10:00 to 11:30." : null,
        submittedAt: status === "in_progress" ? null : new Date(`${addDays(formDate, 1)}T06:00:00Z`),
        closedAt:
          status === "closed" || status === "archived" ? new Date(`${addDays(formDate, 1)}T08:00:00Z`) : null,
        createdBy: input.engineer,
      } as never);
      const rows = [
        ...[0, 1].map((offset, position) => {
          const crew = CREWS[(daysAgo + offset) % CREWS.length];
          return {
            section: "work_log",
            position,
            company: crew.company,
            title: crew.work,
            workers: crew.workers,
            hours: crew.hours,
          };
        }),
        ...[PLANT[daysAgo % PLANT.length], PLANT[(daysAgo + 2) % PLANT.length]].map((item, position) => ({
          section: "plant",
          position,
          plantKind: item.kind,
          title: item.title,
          detail: item.detail,
        })),
        ...(rained
          ? [
              {
                section: "delay",
                position: 0,
                cause: "weather",
                title: "Rain stopped the pour",
                hours: "2.50",
              },
            ]
          : []),
        ...(daysAgo % 2 === 0
          ? [
              {
                section: "meeting",
                position: 0,
                title: "Daily coordination",
                detail: "Site team and subcontractors",
              },
            ]
          : []),
      ];
      for (const row of rows) em.create(SiteDiaryRow, { project, diary, ...row } as never);
      if (daysAgo % 3 === 1)
        em.create(SiteDiaryNote, {
          project,
          diary,
          body: "Spoke to the pump operator about the boom exclusion zone.",
          author: input.engineer,
        } as never);
      if (daysAgo === 6)
        em.create(SiteDiaryIssue, {
          project,
          diary,
          title: "Survey set-out missing for pier 4",
          description: "Surveyor booked for tomorrow 7:00.",
          raisedBy: input.engineer,
        } as never);
      await em.flush();
      recordActivity(em, {
        projectId: project.id,
        actorId: input.engineer.id,
        entityType: DIARY_ENTITY_TYPE,
        entityId: diary.id,
        action: "created",
        after: { number: diary.number, formDate },
      });
      if (status !== "in_progress")
        recordActivity(em, {
          projectId: project.id,
          actorId: status === "in_review" ? input.engineer.id : input.reviewer.id,
          entityType: DIARY_ENTITY_TYPE,
          entityId: diary.id,
          action: "status-changed",
          before: { status: "in_progress" },
          after: { status, action: status === "in_review" ? "submit" : "close", comment: null },
        });
    }
  }
  await em.flush();
}
