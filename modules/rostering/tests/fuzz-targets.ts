/**
 * Rostering's forms, for the fuzz suite (tests/fuzz): personnel and tickets, crews, allocations, rosters and every
 * step of a roster's page, the template import and the settings; accommodation and travel spread in.
 */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import {
  allocationSchema,
  crewSchema,
  deleteSchema,
  personSchema,
  ticketSchema,
} from "../domain/roster-forms";
import { rosterCardsSchema, scheduleCardGroupSchema, scheduleCardSchema } from "../domain/schedule-cards";
import {
  Roster,
  RosterAllocation,
  RosterCrew,
  RosterCrewMember,
  RosterPerson,
  RosterShift,
  RosterTicket,
  ScheduleCard,
  ScheduleCardGroup,
} from "../entities";
import {
  assignSchema,
  overrideSchema,
  reassignSchema,
  rosterCreateSchema,
  setShiftSchema,
} from "../server/rosters.server";
import { accommodationFuzzTargets } from "./fuzz-targets-accommodation";

const noFields = z.object({});
const linkSchema = z.object({ personId: z.string().uuid() });
const ticketIdSchema = z.object({ ticketId: z.string().uuid() });
const keySchema = z.object({ conflictKey: z.string() });

/** Two people (one with a ticket) in a crew, an allocation, and a single roster of the first with three shifts. */
async function rosteringRecords(world: FuzzWorld) {
  const em = world.em;
  const lead = em.create(RosterPerson, { fullName: "Fuzz Lead", role: "Rigger", email: null } as never);
  const other = em.create(RosterPerson, { fullName: "Fuzz Other", role: "Rigger", email: null } as never);
  const ticket = em.create(RosterTicket, {
    person: lead,
    name: "White Card",
    expiresOn: "2026-12-02",
  } as never);
  const crew = em.create(RosterCrew, { name: `Fuzz crew ${world.project.id}`, lead } as never);
  em.create(RosterCrewMember, { crew, person: lead } as never);
  em.create(RosterCrewMember, { crew, person: other } as never);
  await em.flush();
  const scoped = scopeToProject(world.em, world.project.id);
  const project = world.project;
  const allocation = scoped.create(RosterAllocation, {
    project,
    role: "Riggers",
    peopleNeeded: 2,
    startsOn: "2026-12-01",
    endsOn: "2026-12-31",
    shiftKind: "day",
    requiredTickets: ["White Card"],
  } as never);
  const roster = scoped.create(Roster, {
    project,
    kind: "composition",
    name: "Fuzz roster",
    crew,
    allocation,
    cycle: [
      { kind: "day", days: 3 },
      { kind: "off", days: 1 },
    ],
    startsOn: "2026-12-01",
    endsOn: "2026-12-04",
  } as never);
  for (const date of ["2026-12-01", "2026-12-02", "2026-12-03"])
    scoped.create(RosterShift, { project, roster, person: lead, date, kind: "day" } as never);
  // Schedule cards (decision 046): a group with a day card the roster uses and an unused night card.
  const group = scoped.create(ScheduleCardGroup, {
    project,
    name: "Fuzz shifts",
    description: null,
  } as never);
  const dayCard = scoped.create(ScheduleCard, {
    project,
    group,
    name: "Day 12 h",
    kind: "day",
    startTime: "06:00",
    hours: 12,
  } as never);
  const nightCard = scoped.create(ScheduleCard, {
    project,
    group,
    name: "Night 10 h",
    kind: "night",
    startTime: "19:00",
    hours: 10,
  } as never);
  scoped.assign(roster, { dayCard } as never);
  await scoped.flush();
  const ids = [
    ...([lead.id, other.id, ticket.id, crew.id, allocation.id, roster.id] as string[]),
    ...([group.id, dayCard.id, nightCard.id] as string[]),
  ];
  return { roster, ids };
}

const withRecords = {
  async arrange(world: FuzzWorld) {
    return { ids: (await rosteringRecords(world)).ids };
  },
};

const intent = (name: string) => ({ intent: name });

export const targets = fuzzTargets({
  "/rostering/rostering/personal-management": {
    forms: [
      { name: "create", schema: personSchema, fixed: intent("create") },
      { name: "update", schema: personSchema, fixed: intent("update") },
      { name: "add-ticket", schema: ticketSchema, fixed: intent("add-ticket") },
      { name: "remove-ticket", schema: ticketIdSchema, fixed: intent("remove-ticket") },
      { name: "delete", schema: deleteSchema("personId"), fixed: intent("delete") },
    ],
    ...withRecords,
  },
  "/rostering/rostering/crew": {
    forms: [
      { name: "create", schema: crewSchema, fixed: intent("create") },
      { name: "update", schema: crewSchema, fixed: intent("update") },
      { name: "delete", schema: deleteSchema("crewId"), fixed: intent("delete") },
    ],
    ...withRecords,
  },
  "/rostering/rostering/allocation": {
    forms: [
      { name: "create", schema: allocationSchema, fixed: intent("create") },
      { name: "update", schema: allocationSchema, fixed: intent("update") },
      { name: "delete", schema: deleteSchema("allocationId"), fixed: intent("delete") },
    ],
    ...withRecords,
  },
  "/rostering/rostering/roster-management/create": {
    forms: [
      { name: "single", schema: rosterCreateSchema, fixed: { intent: "create", kind: "single" } },
      { name: "composition", schema: rosterCreateSchema, fixed: { intent: "create", kind: "composition" } },
    ],
    ...withRecords,
  },
  "/rostering/rostering/roster-management/:rosterId": {
    forms: [
      { name: "assign", schema: assignSchema, fixed: intent("assign") },
      { name: "unassign", schema: assignSchema, fixed: intent("unassign") },
      { name: "reassign", schema: reassignSchema, fixed: intent("reassign") },
      { name: "set-shift", schema: setShiftSchema, fixed: intent("set-shift") },
      { name: "override", schema: overrideSchema, fixed: intent("override") },
      { name: "remove-override", schema: keySchema, fixed: intent("remove-override") },
      { name: "send-link", schema: linkSchema, fixed: intent("send-link") },
      { name: "publish", schema: noFields, fixed: intent("publish") },
      { name: "unpublish", schema: noFields, fixed: intent("unpublish") },
      { name: "delete", schema: deleteSchema("rosterId"), fixed: intent("delete") },
      { name: "set-cards", schema: rosterCardsSchema, fixed: intent("set-cards") },
    ],
    async arrange(world) {
      const records = await rosteringRecords(world);
      return { params: { rosterId: records.roster.id as string }, ids: records.ids };
    },
  },
  // Schedule cards (decision 046).
  "/rostering/rostering/schedule-cards": {
    forms: [
      { name: "create-group", schema: scheduleCardGroupSchema, fixed: intent("create-group") },
      { name: "update-group", schema: scheduleCardGroupSchema, fixed: intent("update-group") },
      { name: "delete-group", schema: deleteSchema("groupId"), fixed: intent("delete-group") },
      { name: "create-card", schema: scheduleCardSchema, fixed: intent("create-card") },
      { name: "update-card", schema: scheduleCardSchema, fixed: intent("update-card") },
      { name: "delete-card", schema: deleteSchema("cardId"), fixed: intent("delete-card") },
    ],
    ...withRecords,
  },
  "/rostering/rostering/templates/:kind": {
    forms: [{ name: "import", schema: z.object({ rosterName: z.string() }), files: ["file"] }],
    async arrange(world) {
      return { params: { kind: "PersonnelTemplate" }, ids: (await rosteringRecords(world)).ids };
    },
  },
  "/rostering/rostering/settings": {
    forms: settingsFuzzForms("project").filter(
      (entry) => entry.fixed?.moduleId === "rostering" && entry.fixed.form === "rosteringSettings",
    ),
  },
  ...accommodationFuzzTargets,
});
