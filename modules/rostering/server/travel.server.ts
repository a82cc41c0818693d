import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { legKey, proposeLegs, type TravelLegProposal } from "../domain/travel-legs";
import {
  type IRoster,
  Roster,
  RosterPerson,
  RosterShift,
  RosterTravel,
  type TravelDirection,
} from "../entities";
import { ACCOMMODATION_LIMITS, rosterTravelPath, TRAVEL_ENTITY_TYPE } from "./accommodation-basics";
import { isBlankLeg, travelFormSchema } from "./travel-rules";

/**
 * A roster's fly-in fly-out travel (the edit-travel-allocation page): each rostered person's legs, legs
 * suggested from their runs of rostered days, and the page's legs saved together, all or nothing.
 */

const personOf = (leg: { person: unknown } | undefined) => (leg?.person as { id: string } | undefined)?.id;

const errorKey = (key: string) => message(`rostering:travel.errors.${key}`);

/** The roster of a URL in the project, or a 404 (another project's roster is not found). */
export async function rosterById(context: ProjectContext, id: string | undefined): Promise<IRoster> {
  const roster = isUuid(id) ? await context.em.findOne(Roster, { id, project: context.project.id }) : null;
  if (!roster) throw new Response("Not found", { status: 404 });
  return roster;
}

/** Each person rostered on the roster (its shifts, and a single roster's person) with their rostered days. */
async function rosteredDays(em: EntityManager, projectId: string, roster: IRoster) {
  const shifts = await em.find(
    RosterShift,
    { roster: roster.id, project: projectId },
    { fields: ["person", "date"] as never, orderBy: { date: "asc" } },
  );
  const days = new Map<string, string[]>();
  const single = (roster.person as { id: string } | null)?.id;
  if (single) days.set(single, []);
  for (const shift of shifts) {
    const personId = (shift.person as { id: string }).id;
    days.set(personId, [...(days.get(personId) ?? []), dayOfDateColumn(shift.date) as string]);
  }
  return days;
}

/**
 * The legs proposed for the roster: an "in" leg the day before each run of a person's rostered days and an
 * "out" leg the day after, between their home location (blank when unknown) and the project's name.
 */
export async function suggestTravel(
  em: EntityManager,
  project: { id: string; name: string },
  rosterId: string,
): Promise<TravelLegProposal[]> {
  const roster = isUuid(rosterId) ? await em.findOne(Roster, { id: rosterId, project: project.id }) : null;
  if (!roster) throw new Response("Not found", { status: 404 });
  const days = await rosteredDays(em, project.id, roster);
  const people = await em.find(RosterPerson, { id: { $in: [...days.keys()] } });
  return people
    .sort((a, b) => a.fullName.localeCompare(b.fullName))
    .flatMap((person) =>
      proposeLegs(person, days.get(person.id) ?? [], project.name, ACCOMMODATION_LIMITS.travelText),
    );
}

export type TravelRow = {
  id: string;
  personId: string;
  direction: TravelDirection | "";
  travelOn: string;
  origin: string;
  destination: string;
  carrier: string;
};

/** The people of the page: those rostered, and anyone who still has a leg on the roster. */
async function travelPeople(
  em: EntityManager,
  projectId: string,
  roster: IRoster,
  legs: { person: unknown }[],
) {
  const days = await rosteredDays(em, projectId, roster);
  const ids = new Set([...days.keys(), ...legs.map((leg) => (leg.person as { id: string }).id)]);
  const people = ids.size
    ? await em.find(RosterPerson, { id: { $in: [...ids] } }, { orderBy: { fullName: "asc" } })
    : [];
  return people.map((person) => ({
    id: person.id,
    fullName: person.fullName,
    role: person.role,
    homeLocation: person.homeLocation,
    rosteredDays: days.get(person.id)?.length ?? 0,
  }));
}

const legsOf = (em: EntityManager, projectId: string, rosterId: string) =>
  em.find(
    RosterTravel,
    { roster: rosterId, project: projectId },
    { orderBy: { travelOn: "asc", direction: "asc" } },
  );

/**
 * The page: each person with their legs, then (with ?suggest=1) the suggested legs not already there, then
 * one blank row to add a leg.
 */
export async function loadRosterTravel(context: ProjectContext, roster: IRoster, url: URL) {
  const { em, project } = context;
  const legs = await legsOf(em, project.id, roster.id);
  const people = await travelPeople(em, project.id, roster, legs);
  const stored: TravelRow[] = legs.map((leg) => ({
    id: leg.id,
    personId: (leg.person as { id: string }).id,
    direction: leg.direction,
    travelOn: dayOfDateColumn(leg.travelOn) as string,
    origin: leg.origin,
    destination: leg.destination,
    carrier: leg.carrier ?? "",
  }));
  const suggesting = url.searchParams.get("suggest") === "1";
  const known = new Set(stored.map(legKey));
  const suggested: TravelRow[] = suggesting
    ? (await suggestTravel(em, project, roster.id))
        .filter((leg) => !known.has(legKey(leg)))
        .map((leg) => ({ id: "", carrier: "", ...leg }))
    : [];
  const blank = (personId: string): TravelRow => ({
    id: "",
    personId,
    direction: "",
    travelOn: "",
    origin: "",
    destination: "",
    carrier: "",
  });
  const rows = people.flatMap((person) => [
    ...stored.filter((row) => row.personId === person.id),
    ...suggested.filter((row) => row.personId === person.id),
    blank(person.id),
  ]);
  return {
    roster: { id: roster.id, name: roster.name },
    people,
    rows,
    suggesting,
    suggestedCount: suggested.length,
  };
}
export type RosterTravelPage = Awaited<ReturnType<typeof loadRosterTravel>>;

/** Saves every leg of the page in one transaction; any bad row refuses the whole post with row messages. */
export async function saveRosterTravel(context: ProjectContext, roster: IRoster, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: travelFormSchema });
  if (submission.status !== "success")
    return data(submission.reply({ formErrors: [errorKey("rows")] }), { status: 400 });
  const legs = await legsOf(em, project.id, roster.id);
  const people = await travelPeople(em, project.id, roster, legs);
  const personIds = new Set(people.map((person) => person.id));
  const stored = new Map(legs.map((leg) => [leg.id, leg]));
  const fieldErrors: Record<string, string[]> = {};
  submission.value.legs.forEach((leg, index) => {
    if (leg.id && !stored.has(leg.id)) fieldErrors[`legs[${index}].travelOn`] = [errorKey("legNotFound")];
    else if (!leg.remove && !isBlankLeg(leg) && !personIds.has(leg.personId ?? ""))
      fieldErrors[`legs[${index}].personId`] = [errorKey("personNotOnRoster")];
    else if (leg.id && leg.personId && personOf(stored.get(leg.id)) !== leg.personId)
      fieldErrors[`legs[${index}].personId`] = [errorKey("personNotOnRoster")];
  });
  if (Object.keys(fieldErrors).length)
    return data(submission.reply({ formErrors: [errorKey("rows")], fieldErrors }), { status: 400 });
  const counts = { added: 0, changed: 0, removed: 0 };
  await em.transactional(async (tx) => {
    for (const leg of submission.value.legs) {
      const existing = leg.id ? stored.get(leg.id) : undefined;
      if (existing && leg.remove) {
        tx.remove(tx.getReference(RosterTravel, existing.id));
        counts.removed += 1;
        continue;
      }
      if (leg.remove || isBlankLeg(leg)) continue;
      const values = {
        direction: leg.direction as TravelDirection,
        travelOn: leg.travelOn as string,
        origin: leg.origin as string,
        destination: leg.destination as string,
        carrier: leg.carrier || null,
      };
      if (existing) {
        const before = {
          direction: existing.direction,
          travelOn: dayOfDateColumn(existing.travelOn),
          origin: existing.origin,
          destination: existing.destination,
          carrier: existing.carrier ?? null,
        };
        if (JSON.stringify(before) === JSON.stringify(values)) continue;
        tx.assign(await tx.findOneOrFail(RosterTravel, existing.id), values);
        counts.changed += 1;
      } else {
        tx.create(RosterTravel, {
          project: project.id,
          roster: roster.id,
          person: leg.personId,
          ...values,
        } as never);
        counts.added += 1;
      }
    }
    if (counts.added + counts.changed + counts.removed > 0)
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: TRAVEL_ENTITY_TYPE,
        entityId: roster.id,
        action: "updated",
        after: counts,
      });
  });
  return redirectWithToast(rosterTravelPath(roster.id), {
    type: "success",
    message: "rostering:travel.toast.saved",
    params: { roster: roster.name },
  });
}
