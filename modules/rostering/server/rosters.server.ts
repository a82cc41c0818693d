import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { pageFromSearch } from "~/app/ui/pagination-range";
import { message, requiredMessage } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { Project } from "~/server/db/entities/project";
import { endNotBeforeStart, requiredText } from "~/server/http/form-fields";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { conflictMessage } from "../domain/conflicts";
import { daysBetween, eachDay } from "../domain/days";
import { dayField, deleteSchema } from "../domain/roster-forms";
import { expandCycle, isCalendarDay, parseCycle } from "../domain/roster-pattern";
import { rosterCardsSchema, timeRange } from "../domain/schedule-cards";
import { type CycleStep, SHIFT_KINDS, type ShiftKind } from "../domain/types";
import {
  type IRoster,
  Roster,
  RosterAllocation,
  RosterConflictOverride,
  RosterCrew,
  RosterCrewMember,
  RosterPerson,
  RosterShift,
} from "../entities";
import { personChoices } from "./people.server";
import { blocking, rosterConflicts } from "./roster-conflicts.server";
import {
  ENTITY,
  ROSTERING_LIMITS as L,
  PAGE_SIZE,
  ROSTER_TABS,
  ROSTERS_PATH,
  type RosterTab,
  rosterPath,
} from "./rostering-basics";
import { checkRosterCards, scheduleCardChoices } from "./schedule-cards.server";
import { rosterShiftTimes } from "./shift-times.server";

/**
 * Roster management (/rostering/rostering/roster-management): single rosters (one person's shifts) and
 * composition rosters (a crew on a repeating cycle). A roster is drawn as shifts, checked for conflicts, and
 * published once every conflict is resolved or overridden with a reason. Any change takes a published roster
 * back to draft: what people see on their links is always a roster someone checked and published.
 */

/** A cycle as typed ("8/6", "7D/7N/7O"), turned into steps; a night shift choice makes plain day steps nights. */
function cycleFrom(text: string, shiftKind: ShiftKind): CycleStep[] | null {
  const parsed = parseCycle(text);
  if (!parsed.ok) return null;
  const explicitNights = parsed.cycle.some((step) => step.kind === "night");
  return shiftKind === "night" && !explicitNights
    ? parsed.cycle.map((step) => (step.kind === "day" ? { ...step, kind: "night" as const } : step))
    : parsed.cycle;
}

export const rosterCreateSchema = z
  .object({
    kind: z.enum(ROSTER_TABS, { error: message("rostering:messages.choiceNotFound") }),
    name: requiredText(L.rosterName),
    personId: z.string().optional(),
    crewId: z.string().optional(),
    allocationId: z.string().optional(),
    startsOn: dayField,
    endsOn: dayField,
    pattern: requiredText(40),
    shiftKind: z.enum(SHIFT_KINDS).default("day"),
    // Schedule cards (decision 046): blank is the settings' times.
    ...rosterCardsSchema.shape,
  })
  .superRefine(endNotBeforeStart("startsOn", "endsOn", "rostering:messages.endBeforeStart"))
  .superRefine((value, context) => {
    if (value.kind === "single" && !value.personId)
      context.addIssue({ code: "custom", path: ["personId"], message: requiredMessage });
    if (value.kind === "composition" && !value.crewId)
      context.addIssue({ code: "custom", path: ["crewId"], message: requiredMessage });
    const days =
      isCalendarDay(value.startsOn) && isCalendarDay(value.endsOn)
        ? daysBetween(value.startsOn, value.endsOn) + 1
        : 0;
    if (days > L.rosterDays)
      context.addIssue({
        code: "custom",
        path: ["endsOn"],
        message: message("rostering:messages.rosterTooLong", { days: L.rosterDays }),
      });
    if (!cycleFrom(value.pattern, value.shiftKind))
      context.addIssue({
        code: "custom",
        path: ["pattern"],
        message: message("rostering:messages.badPattern"),
      });
  });

export async function loadRosterList(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const tabParam = url.searchParams.get("tab");
  const tab: RosterTab = tabParam === "composition" ? "composition" : "single";
  const page = pageFromSearch(url.searchParams);
  const [rows, [{ total }], counts] = await Promise.all([
    em.execute<
      {
        id: string;
        name: string;
        status: "draft" | "published";
        starts_on: string;
        ends_on: string;
        person: string | null;
        crew: string | null;
        allocation: string | null;
        people: string;
        shifts: string;
      }[]
    >(
      `select r.id, r.name, r.status, to_char(r.starts_on, 'YYYY-MM-DD') as starts_on,
              to_char(r.ends_on, 'YYYY-MM-DD') as ends_on, p.full_name as person, c.name as crew, a.role as allocation,
              (select count(distinct s.person_id) from roster_shift s where s.roster_id = r.id) as people,
              (select count(*) from roster_shift s where s.roster_id = r.id) as shifts
         from roster r left join roster_person p on p.id = r.person_id left join roster_crew c on c.id = r.crew_id
         left join roster_allocation a on a.id = r.allocation_id
        where r.project_id = ? and r.kind = ?
        order by r.starts_on desc, r.name, r.id limit ? offset ?`,
      [project.id, tab, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    ),
    em.execute<{ total: string }[]>(
      "select count(*) as total from roster where project_id = ? and kind = ?",
      [project.id, tab],
    ),
    em.execute<{ kind: RosterTab; total: string }[]>(
      "select kind, count(*) as total from roster where project_id = ? group by kind",
      [project.id],
    ),
  ]);
  return {
    tab,
    page,
    pageSize: PAGE_SIZE,
    total: Number(total),
    tabCounts: Object.fromEntries(
      ROSTER_TABS.map((kind) => [kind, Number(counts.find((row) => row.kind === kind)?.total ?? 0)]),
    ) as Record<RosterTab, number>,
    rosters: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      who: row.person ?? row.crew ?? null,
      allocation: row.allocation,
      people: Number(row.people),
      shifts: Number(row.shifts),
    })),
    canCreate: context.can("rostering.roster.create"),
  };
}
export type RosterListPage = Awaited<ReturnType<typeof loadRosterList>>;

export async function loadRosterCreate(context: ProjectContext) {
  const { em, project } = context;
  const [people, crews, allocations, cards] = await Promise.all([
    personChoices(em),
    em.find(RosterCrew, {}, { orderBy: { name: "asc" } }),
    em.find(RosterAllocation, { project: project.id }, { orderBy: { startsOn: "asc" } }),
    scheduleCardChoices(em, project.id),
  ]);
  return {
    people,
    cards,
    crews: crews.map((crew) => ({ value: crew.id, label: crew.name })),
    allocations: allocations.map((allocation) => ({
      value: allocation.id,
      label: `${allocation.role} (${allocation.startsOn} – ${allocation.endsOn})`,
    })),
  };
}

/** The shifts a person works on the roster's cycle within its period. */
const cycleShifts = (roster: Pick<IRoster, "cycle" | "startsOn" | "endsOn">) =>
  roster.cycle
    ? expandCycle({ cycle: roster.cycle, anchor: roster.startsOn, from: roster.startsOn, to: roster.endsOn })
    : [];

export async function createRoster(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: rosterCreateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const refused = (field: string) =>
    data(submission.reply({ fieldErrors: { [field]: [message("rostering:messages.choiceNotFound")] } }), {
      status: 400,
    });
  const uuid = (value: string | undefined) => (isUuid(value) ? value : null);
  let personIds: string[] = [];
  if (values.kind === "single") {
    const person = uuid(values.personId)
      ? await em.findOne(RosterPerson, { id: values.personId as string })
      : null;
    if (!person) return refused("personId");
    personIds = [person.id];
  } else {
    const crew = uuid(values.crewId) ? await em.findOne(RosterCrew, { id: values.crewId as string }) : null;
    if (!crew) return refused("crewId");
    personIds = (await em.find(RosterCrewMember, { crew: crew.id })).map((member) => member.person.id);
  }
  let allocationId: string | null = null;
  if (values.allocationId) {
    const allocation = uuid(values.allocationId)
      ? await em.findOne(RosterAllocation, { id: values.allocationId, project: project.id })
      : null;
    if (!allocation) return refused("allocationId");
    allocationId = allocation.id;
  }
  const cards = await checkRosterCards(em, project.id, values);
  if (!cards.ok) return refused(cards.field);
  const cycle = cycleFrom(values.pattern, values.shiftKind) as CycleStep[];
  const rosterId = await em.transactional(async (tx) => {
    const roster = tx.create(Roster, {
      project: project.id,
      kind: values.kind,
      name: values.name,
      person: values.kind === "single" ? personIds[0] : null,
      crew: values.kind === "composition" ? values.crewId : null,
      allocation: allocationId,
      dayCard: cards.dayCard,
      nightCard: cards.nightCard,
      cycle,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      createdBy: user.id,
    } as never);
    const days = cycleShifts({ cycle, startsOn: values.startsOn, endsOn: values.endsOn });
    for (const personId of personIds)
      for (const day of days)
        tx.create(RosterShift, {
          project: project.id,
          roster,
          person: personId,
          date: day.date,
          kind: day.kind,
        } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ENTITY.roster,
      entityId: roster.id,
      action: "created",
      after: { name: values.name, kind: values.kind, people: personIds.length, pattern: values.pattern },
    });
    return roster.id;
  });
  return redirectWithToast(rosterPath(rosterId), {
    type: "success",
    message: "rostering:messages.rosterCreated",
    params: { name: values.name },
  });
}

/** The project's roster of that id, or a 404 (another project's roster, or no roster at all). */
export async function rosterOf(context: ProjectContext, rosterId: string | undefined) {
  const roster = isUuid(rosterId)
    ? await context.em.findOne(
        Roster,
        { id: rosterId, project: context.project.id },
        { populate: ["person", "crew", "allocation", "publishedBy", "dayCard", "nightCard"] },
      )
    : null;
  if (!roster) throw new Response("Not found", { status: 404 });
  return roster;
}

/**
 * The names of the projects a double booking's other shift is on: people work across projects, and the planner
 * needs to know whom to call, whether or not they are a member of that project.
 */
async function projectNamesOf(em: ProjectContext["em"], ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const projects = await em.find(Project, { id: { $in: [...new Set(ids)] } }, { fields: ["name"] });
  return new Map(projects.map((project) => [project.id, project.name]));
}

/** A roster's page; the schedule cards to choose from only when asked (their panel is open). */
export async function loadRoster(
  context: ProjectContext,
  rosterId: string | undefined,
  { withCardChoices = false }: { withCardChoices?: boolean } = {},
) {
  const { em } = context;
  const roster = await rosterOf(context, rosterId);
  const scope = {
    id: roster.id,
    projectId: context.project.id,
    startsOn: roster.startsOn,
    endsOn: roster.endsOn,
  };
  const [shifts, conflicts, people, cardChoices, timesOf] = await Promise.all([
    em.find(RosterShift, { roster: roster.id }, { populate: ["person"], orderBy: { date: "asc" } }),
    rosterConflicts(em, scope),
    personChoices(em),
    withCardChoices && context.can("rostering.roster.edit")
      ? scheduleCardChoices(em, context.project.id)
      : null,
    rosterShiftTimes(em, [roster.id]),
  ]);
  // The roster's shift times (decision 046): its cards, else the settings'.
  const timesOfKind = (kind: ShiftKind) => {
    const times = timesOf(roster.id, kind);
    return { card: times.card, times: timeRange(times.start, times.hours), hours: times.hours };
  };
  const days = eachDay(roster.startsOn, roster.endsOn);
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  // A person's days as one letter a day (d day, n night, - off): a crew's month is a few hundred bytes.
  const rows = new Map<string, { id: string; name: string; role: string; days: string[]; count: number }>();
  for (const shift of shifts) {
    const row = rows.get(shift.person.id) ?? {
      id: shift.person.id,
      name: shift.person.fullName,
      role: shift.person.role,
      days: days.map(() => "-"),
      count: 0,
    };
    const index = dayIndex.get(shift.date);
    if (index !== undefined) {
      row.days[index] = shift.kind === "day" ? "d" : "n";
      row.count += 1;
    }
    rows.set(shift.person.id, row);
  }
  const names = new Map([...rows.values()].map((row) => [row.id, row.name]));
  const otherProjects = await projectNamesOf(
    em,
    conflicts.flatMap((conflict) =>
      conflict.kind === "double_booking" ? [String(conflict.params.otherProjectId)] : [],
    ),
  );
  return {
    roster: {
      id: roster.id,
      name: roster.name,
      kind: roster.kind,
      status: roster.status,
      startsOn: roster.startsOn,
      endsOn: roster.endsOn,
      who: roster.person?.fullName ?? roster.crew?.name ?? null,
      allocation: roster.allocation
        ? {
            role: roster.allocation.role,
            peopleNeeded: roster.allocation.peopleNeeded,
            requiredTickets: roster.allocation.requiredTickets,
          }
        : null,
      cycle: roster.cycle,
      shiftTimes: { day: timesOfKind("day"), night: timesOfKind("night") },
      cards: { dayCardId: roster.dayCard?.id ?? "", nightCardId: roster.nightCard?.id ?? "" },
      publishedAt: roster.publishedAt?.toISOString() ?? null,
      publishedBy: roster.publishedBy?.name ?? null,
    },
    people: [...rows.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ days: letters, ...row }) => ({ ...row, days: letters.join("") })),
    conflicts: conflicts.map((conflict) => ({
      key: conflict.key,
      kind: conflict.kind,
      date: conflict.date,
      personId: conflict.personId ?? null,
      person: conflict.personId ? (names.get(conflict.personId) ?? null) : null,
      message: conflictMessage(
        conflict.kind === "double_booking"
          ? {
              ...conflict,
              params: {
                ...conflict.params,
                otherProject: otherProjects.get(String(conflict.params.otherProjectId)) ?? "",
              },
            }
          : conflict,
      ),
      override: conflict.override,
    })),
    blocking: blocking(conflicts).length,
    choices: {
      cards: cardChoices,
      people: people.filter((person) => !rows.has(person.value)),
      assigned: [...rows.values()].map((row) => ({ value: row.id, label: row.name })),
    },
    can: {
      edit: context.can("rostering.roster.edit"),
      assign: context.can("rostering.roster.assign"),
      reassign: context.can("rostering.roster.reassign"),
      publish: context.can("rostering.roster.publish"),
      delete: context.can("rostering.roster.delete"),
      travel: context.can("rostering.roster.edit-travel-allocation"),
      bookRooms: context.can("rostering.accommodation.edit"),
    },
  };
}
export type RosterDetailPage = Awaited<ReturnType<typeof loadRoster>>;

const personField = z.string().uuid(message("rostering:messages.choiceNotFound"));
export const assignSchema = z.object({ personId: personField });
export const reassignSchema = z.object({ fromPersonId: personField, toPersonId: personField });
export const setShiftSchema = z.object({
  personId: personField,
  date: dayField,
  kind: z.enum([...SHIFT_KINDS, "off"], { error: message("rostering:messages.choiceNotFound") }),
});
export const overrideSchema = z.object({
  conflictKey: z.string({ error: requiredMessage }).min(1).max(300),
  reason: requiredText(L.reason),
});

/** The roster page's forms. Each change is one transaction; a change to a published roster takes it back to draft. */
export async function rosterAction(
  context: ProjectContext,
  rosterId: string | undefined,
  intent: string,
  formData: FormData,
) {
  const { em, project, user } = context;
  const roster = await rosterOf(context, rosterId);
  const here = rosterPath(roster.id);
  const log = (tx: EntityManager, action: string, extra: object = {}) =>
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ENTITY.roster,
      entityId: roster.id,
      action,
      ...extra,
    });
  const done = (text: string, params?: Record<string, string | number>) =>
    redirectWithToast(here, { type: "success", message: text, params: params as Record<string, string> });
  /** Writes a change and, for a published roster, returns it to draft in the same transaction. */
  const change = (work: (tx: EntityManager) => Promise<void>) =>
    em.transactional(async (tx) => {
      await work(tx);
      if (roster.status === "published")
        await tx.nativeUpdate(Roster, { id: roster.id }, {
          status: "draft",
          publishedAt: null,
          publishedBy: null,
        } as never);
    });
  const inPeriod = (day: string) => day >= roster.startsOn && day <= roster.endsOn;

  if (intent === "assign") {
    const submission = parseWithZod(formData, { schema: assignSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const person = await em.findOne(RosterPerson, { id: submission.value.personId });
    if (!person)
      return data(
        submission.reply({ fieldErrors: { personId: [message("rostering:messages.choiceNotFound")] } }),
        { status: 400 },
      );
    if (await em.count(RosterShift, { roster: roster.id, person: person.id }))
      return data(
        submission.reply({ fieldErrors: { personId: [message("rostering:messages.alreadyOnRoster")] } }),
        { status: 400 },
      );
    await change(async (tx) => {
      for (const day of cycleShifts(roster))
        tx.create(RosterShift, {
          project: project.id,
          roster: roster.id,
          person: person.id,
          date: day.date,
          kind: day.kind,
        } as never);
      log(tx, "assigned", { after: { person: person.fullName } });
    });
    return done("rostering:messages.assigned", { name: person.fullName });
  }
  if (intent === "reassign") {
    const submission = parseWithZod(formData, { schema: reassignSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { fromPersonId, toPersonId } = submission.value;
    const [from, to] = await Promise.all([
      em.findOne(RosterPerson, { id: fromPersonId }),
      em.findOne(RosterPerson, { id: toPersonId }),
    ]);
    if (!from || !(await em.count(RosterShift, { roster: roster.id, person: from.id })))
      return data(
        submission.reply({ fieldErrors: { fromPersonId: [message("rostering:messages.choiceNotFound")] } }),
        { status: 400 },
      );
    if (!to || (await em.count(RosterShift, { roster: roster.id, person: to.id })))
      return data(
        submission.reply({ fieldErrors: { toPersonId: [message("rostering:messages.alreadyOnRoster")] } }),
        { status: 400 },
      );
    await change(async (tx) => {
      await tx.nativeUpdate(RosterShift, { roster: roster.id, person: from.id }, { person: to.id } as never);
      if (roster.kind === "single")
        await tx.nativeUpdate(Roster, { id: roster.id }, { person: to.id } as never);
      log(tx, "reassigned", { before: { person: from.fullName }, after: { person: to.fullName } });
    });
    return done("rostering:messages.reassigned", { from: from.fullName, to: to.fullName });
  }
  if (intent === "unassign") {
    const submission = parseWithZod(formData, { schema: assignSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const person = await em.findOne(RosterPerson, { id: submission.value.personId });
    if (!person) throw new Response("Not found", { status: 404 });
    if (roster.kind === "single")
      return data(submission.reply({ formErrors: [message("rostering:messages.singleKeepsPerson")] }), {
        status: 400,
      });
    await change(async (tx) => {
      await tx.nativeDelete(RosterShift, { roster: roster.id, person: person.id });
      log(tx, "unassigned", { before: { person: person.fullName } });
    });
    return done("rostering:messages.unassigned", { name: person.fullName });
  }
  if (intent === "set-shift") {
    const submission = parseWithZod(formData, { schema: setShiftSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { personId, date, kind } = submission.value;
    if (!inPeriod(date))
      return data(
        submission.reply({ fieldErrors: { date: [message("rostering:messages.outsideRoster")] } }),
        { status: 400 },
      );
    if (
      !(await em.count(RosterShift, { roster: roster.id, person: personId })) &&
      roster.person?.id !== personId
    )
      return data(
        submission.reply({ fieldErrors: { personId: [message("rostering:messages.choiceNotFound")] } }),
        { status: 400 },
      );
    await change(async (tx) => {
      await tx.nativeDelete(RosterShift, { roster: roster.id, person: personId, date });
      if (kind !== "off")
        tx.create(RosterShift, {
          project: project.id,
          roster: roster.id,
          person: personId,
          date,
          kind,
        } as never);
      log(tx, "shift-changed", { after: { personId, date, kind } });
    });
    return done("rostering:messages.shiftChanged", { date });
  }
  if (intent === "override") {
    const submission = parseWithZod(formData, { schema: overrideSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const scope = { id: roster.id, projectId: project.id, startsOn: roster.startsOn, endsOn: roster.endsOn };
    const conflict = (await rosterConflicts(em, scope)).find(
      (candidate) => candidate.key === submission.value.conflictKey,
    );
    if (!conflict)
      return data(submission.reply({ formErrors: [message("rostering:messages.conflictGone")] }), {
        status: 409,
      });
    if (conflict.override) return done("rostering:messages.overridden");
    await em.transactional(async (tx) => {
      tx.create(RosterConflictOverride, {
        project: project.id,
        roster: roster.id,
        conflictKey: conflict.key,
        reason: submission.value.reason,
        overriddenBy: user.id,
      } as never);
      log(tx, "conflict-overridden", {
        after: { conflict: conflict.kind, date: conflict.date, reason: submission.value.reason },
      });
    });
    return done("rostering:messages.overridden");
  }
  if (intent === "remove-override") {
    const key = String(formData.get("conflictKey") ?? "");
    const override = await em.findOne(RosterConflictOverride, { roster: roster.id, conflictKey: key });
    if (!override) throw new Response("Not found", { status: 404 });
    await change(async (tx) => {
      tx.remove(tx.getReference(RosterConflictOverride, override.id));
      log(tx, "override-removed", { before: { reason: override.reason } });
    });
    return done("rostering:messages.overrideRemoved");
  }
  if (intent === "publish") {
    const scope = { id: roster.id, projectId: project.id, startsOn: roster.startsOn, endsOn: roster.endsOn };
    const open = blocking(await rosterConflicts(em, scope));
    if (open.length > 0)
      return data(
        {
          status: "error",
          error: { "": [message("rostering:messages.publishBlocked", { count: open.length })] },
        },
        { status: 409 },
      );
    if (!(await em.count(RosterShift, { roster: roster.id })))
      return data(
        { status: "error", error: { "": [message("rostering:messages.publishEmpty")] } },
        { status: 400 },
      );
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(Roster, { id: roster.id }, {
        status: "published",
        publishedAt: new Date(),
        publishedBy: user.id,
      } as never);
      log(tx, "published");
    });
    return done("rostering:messages.published", { name: roster.name });
  }
  if (intent === "unpublish") {
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(Roster, { id: roster.id }, {
        status: "draft",
        publishedAt: null,
        publishedBy: null,
      } as never);
      log(tx, "unpublished");
    });
    return done("rostering:messages.unpublished", { name: roster.name });
  }
  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deleteSchema("rosterId") });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (submission.value.rosterId !== roster.id) throw new Response("Not found", { status: 404 });
    await em.transactional(async (tx) => {
      tx.remove(tx.getReference(Roster, roster.id));
      log(tx, "deleted", { before: { name: roster.name } });
    });
    return redirectWithToast(ROSTERS_PATH, {
      type: "success",
      message: "rostering:messages.rosterDeleted",
      params: { name: roster.name },
    });
  }
  throw redirect(here);
}
