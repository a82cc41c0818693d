import type { EntityManager } from "@mikro-orm/postgresql";
import { IN_OUT_ENTITY_TYPE, personKey } from "~/modules/operation/domain/in-out";
import { OperationInOutRecord } from "~/modules/operation/in-out-entities";
import { recordActivity } from "~/server/audit/activity.server";
import type { IProject, IUser } from "~/server/db/entities";
import { defaultTimeZoneFor, zonedDay, zonedTimeToUtc } from "~/server/projects/time-zone";

/**
 * In/Out demo data (README "In/Out"): the last two weeks of sign-ins on each demo project, Monday to Saturday
 * (the site diary's days), a crew from three companies with a visitor now and then, one stay corrected by
 * the site office, and one person still on site today. Times on each project's clock.
 */

type Person = { name: string; company: string; role: string; kind: "worker" | "visitor"; inducted: boolean };

const CREW: Person[] = [
  {
    name: "Sione Taufa",
    company: "Harbour Civil Constructions",
    role: "Leading hand",
    kind: "worker",
    inducted: true,
  },
  {
    name: "Maria Lopez",
    company: "Harbour Civil Constructions",
    role: "Plant operator",
    kind: "worker",
    inducted: true,
  },
  {
    name: "Tom Nguyen",
    company: "Harbour Civil Constructions",
    role: "Labourer",
    kind: "worker",
    inducted: true,
  },
  {
    name: "Dan Whitfield",
    company: "Apex Formwork Pty Ltd",
    role: "Formworker",
    kind: "worker",
    inducted: true,
  },
  { name: "Kim Tran", company: "Apex Formwork Pty Ltd", role: "Formworker", kind: "worker", inducted: true },
  { name: "Raj Patel", company: "Apex Formwork Pty Ltd", role: "Carpenter", kind: "worker", inducted: true },
  { name: "Lena Brooks", company: "Sparks Electrical", role: "Electrician", kind: "worker", inducted: true },
  {
    name: "Omar Haddad",
    company: "Sparks Electrical",
    role: "Apprentice electrician",
    kind: "worker",
    inducted: true,
  },
];

const VISITORS: Person[] = [
  {
    name: "Grace Miller",
    company: "Roads Authority",
    role: "Client's engineer",
    kind: "visitor",
    inducted: true,
  },
  {
    name: "Pete Sandford",
    company: "ConcreteMix Supplies",
    role: "Delivery driver",
    kind: "visitor",
    inducted: false,
  },
];

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export async function seedInOutDemo(
  em: EntityManager,
  input: { projects: IProject[]; office: IUser; now?: Date },
) {
  const now = input.now ?? new Date();
  for (const project of input.projects) {
    const zone = defaultTimeZoneFor(project.language);
    const today = zonedDay(now, zone);
    const log = (action: string, at: Date, facts: Record<string, unknown>, actor: IUser | null) => {
      const entry = recordActivity(em, {
        projectId: project.id,
        actorId: actor?.id ?? null,
        entityType: IN_OUT_ENTITY_TYPE,
        entityId: project.id,
        action,
        after: { ...facts, at: at.toISOString() },
      });
      entry.createdAt = at;
    };
    const stay = (
      person: Person,
      day: string,
      from: [number, number],
      to: [number, number] | null,
      via: "app" | "gate",
    ) => {
      const signedInAt = zonedTimeToUtc(day, from[0], from[1], zone);
      const signedOutAt = to ? zonedTimeToUtc(day, to[0], to[1], zone) : null;
      const record = em.create(OperationInOutRecord, {
        project,
        personKey: personKey(person.name, person.company),
        name: person.name,
        company: person.company,
        role: person.role,
        kind: person.kind,
        inducted: person.inducted,
        siteDay: day,
        signedInAt,
        signedOutAt,
        signOutKind: signedOutAt ? (via === "gate" ? "gate" : "manual") : null,
        signedInVia: via,
        createdBy: via === "app" ? input.office : null,
      } as never);
      const facts = { recordId: record.id, name: person.name, company: person.company, kind: person.kind };
      log(
        "signed-in",
        signedInAt,
        { ...facts, via, inducted: person.inducted },
        via === "app" ? input.office : null,
      );
      if (signedOutAt)
        log(
          "signed-out",
          signedOutAt,
          { ...facts, how: record.signOutKind },
          via === "app" ? input.office : null,
        );
    };
    for (let back = 14; back >= 1; back--) {
      const day = addDays(today, -back);
      if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) continue;
      CREW.forEach((person, index) => {
        // A day off now and then, and staggered starts and finishes.
        if ((back + index) % 7 === 0) return;
        const start: [number, number] = [6, 15 + ((back + index) % 4) * 5];
        const end: [number, number] = [14 + ((back * 3 + index) % 3), ((back + index) % 4) * 15];
        stay(person, day, start, end, index % 2 === 0 ? "gate" : "app");
      });
      if (back % 3 === 0) stay(VISITORS[0], day, [10, 0], [11, 30], "app");
      if (back % 4 === 1) stay(VISITORS[1], day, [7, 40], [8, 5], "gate");
    }
    // Today: one person still on site, since two hours ago, or since midnight when the project's day is younger
    // than that: the stay is today's, so today's list shows it whatever the hour.
    const since = new Date(
      Math.max(now.getTime() - 2 * 3_600_000, zonedTimeToUtc(today, 0, 0, zone).getTime()),
    );
    em.create(OperationInOutRecord, {
      project,
      personKey: personKey(CREW[0].name, CREW[0].company),
      name: CREW[0].name,
      company: CREW[0].company,
      role: CREW[0].role,
      kind: "worker",
      inducted: true,
      siteDay: zonedDay(since, zone),
      signedInAt: since,
      signedOutAt: null,
      signOutKind: null,
      signedInVia: "gate",
      createdBy: null,
    } as never);
    log(
      "signed-in",
      since,
      { name: CREW[0].name, company: CREW[0].company, kind: "worker", via: "gate" },
      null,
    );
  }
  await em.flush();
}
