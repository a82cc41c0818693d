import type { EntityManager } from "@mikro-orm/postgresql";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { env } from "~/server/env";
import { isUuid } from "~/server/http/responses";
import { serverT } from "~/server/i18n/i18n.server";
import { hashLinkToken, isPlausibleToken, newLinkToken } from "~/server/links/tokens.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { RosterPerson } from "../entities";
import { ENTITY, myRosterPath } from "./rostering-basics";
import { rosterShiftTimes } from "./shift-times.server";

/**
 * A person's roster on their phone (decision 045): a link with a random token, only its hash stored. It opens
 * the person's published shifts on every project from today, with their room and travel; no account needed.
 * Sending a new link ends the old one. The link does not expire: a roster is not a secret worth a sign-in, and
 * a crew member should not lose their roster mid-swing; whoever sends a new one ends the old.
 */

/** Makes the person's new link and e-mails it when they have an address; returns the link to show once. */
export async function sendRosterLink(context: ProjectContext, rosterId: string, formData: FormData) {
  const { em, project, user } = context;
  const personId = String(formData.get("personId") ?? "");
  const person = isUuid(personId) ? await em.findOne(RosterPerson, { id: personId }) : null;
  const onRoster =
    person &&
    (
      await em.execute<{ n: string }[]>(
        "select count(*) as n from roster_shift where roster_id = ? and person_id = ?",
        [rosterId, person.id],
      )
    )[0].n !== "0";
  if (!person || !onRoster) return { error: message("rostering:messages.choiceNotFound") };
  const token = newLinkToken();
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(RosterPerson, { id: person.id }, { rosterLinkHash: hashLinkToken(token) } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ENTITY.person,
      entityId: person.id,
      action: "roster-link-sent",
      after: { email: person.email },
    });
  });
  const link = myRosterPath(token);
  let mailed = false;
  if (person.email) {
    const outcome = await notify(em, {
      projectId: project.id,
      event: "roster-link",
      recipients: [{ email: person.email, name: person.fullName, link }],
      title: async (locale) =>
        (await serverT(locale, "rostering"))("rostering:link.mailTitle", { project: project.name }),
      body: async (locale) =>
        (await serverT(locale, "rostering"))("rostering:link.mailBody", { name: person.fullName }),
      link,
      actorId: user.id,
      fallbackLocale: projectLocale(project),
    });
    mailed = outcome.mailed > 0;
  }
  return { link: `${env().APP_URL}${link}`, person: person.fullName, mailed };
}

export type MyRoster = {
  person: { name: string; role: string };
  shifts: {
    date: string;
    kind: "day" | "night";
    start: string;
    hours: number;
    /** The roster's schedule card of that kind ("Day 12 h"), if it has one. */
    card: string | null;
    project: string;
    roster: string;
  }[];
  rooms: {
    place: string;
    address: string | null;
    room: string;
    checkIn: string;
    checkOut: string;
    project: string;
  }[];
  travel: {
    date: string;
    direction: "in" | "out";
    origin: string;
    destination: string;
    carrier: string | null;
  }[];
};

/** What the link shows: the person's published shifts from `today`, on every project (null: no such link). */
export async function loadMyRoster(
  em: EntityManager,
  token: string | undefined,
  today: string,
): Promise<MyRoster | null> {
  if (!isPlausibleToken(token)) return null;
  const person = await em.findOne(RosterPerson, { rosterLinkHash: hashLinkToken(token) });
  if (!person) return null;
  const [shiftRows, rooms, travel] = await Promise.all([
    em.execute<{ date: string; kind: "day" | "night"; roster_id: string; project: string; roster: string }[]>(
      `select to_char(s.date, 'YYYY-MM-DD') as date, s.kind, s.roster_id, p.name as project, r.name as roster
         from roster_shift s join roster r on r.id = s.roster_id join project p on p.id = s.project_id
        where s.person_id = ? and r.status = 'published' and s.date >= ?
        order by s.date, p.name limit 120`,
      [person.id, today],
    ),
    em.execute<
      {
        place: string;
        address: string | null;
        room: string;
        check_in: string;
        check_out: string;
        project: string;
      }[]
    >(
      `select a.name as place, a.address, rm.name as room, to_char(b.check_in, 'YYYY-MM-DD') as check_in,
              to_char(b.check_out, 'YYYY-MM-DD') as check_out, p.name as project
         from accommodation_booking b join accommodation_room rm on rm.id = b.room_id
         join accommodation a on a.id = rm.accommodation_id join project p on p.id = b.project_id
        where b.person_id = ? and b.check_out > ? order by b.check_in limit 20`,
      [person.id, today],
    ),
    em.execute<
      { date: string; direction: "in" | "out"; origin: string; destination: string; carrier: string | null }[]
    >(
      `select to_char(t.travel_on, 'YYYY-MM-DD') as date, t.direction, t.origin, t.destination, t.carrier
         from roster_travel t join roster r on r.id = t.roster_id
        where t.person_id = ? and r.status = 'published' and t.travel_on >= ? order by t.travel_on limit 20`,
      [person.id, today],
    ),
  ]);
  const timesOf = await rosterShiftTimes(
    em,
    shiftRows.map((row) => row.roster_id),
  );
  return {
    person: { name: person.fullName, role: person.role },
    shifts: shiftRows.map((row) => {
      const times = timesOf(row.roster_id, row.kind);
      return {
        date: row.date,
        kind: row.kind,
        start: times.start,
        hours: times.hours,
        card: times.card,
        project: row.project,
        roster: row.roster,
      };
    }),
    rooms: rooms.map((row) => ({
      place: row.place,
      address: row.address,
      room: row.room,
      checkIn: row.check_in,
      checkOut: row.check_out,
      project: row.project,
    })),
    travel,
  };
}
