import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { allocationSchema, deleteSchema, ticketNames } from "../domain/roster-forms";
import { RosterAllocation } from "../entities";
import { refuse, registerSteps } from "./register-steps.server";
import { ALLOCATIONS_PATH, ENTITY } from "./rostering-basics";

/**
 * Allocation (/rostering/rostering/allocation): what the project needs for a period — so many people in a
 * rostering role, on day or night shift, with the tickets the work needs. Filled by the people rostered to it.
 */

export type AllocationRow = {
  id: string;
  role: string;
  peopleNeeded: number;
  peopleRostered: number;
  startsOn: string;
  endsOn: string;
  shiftKind: "day" | "night";
  requiredTickets: string[];
  notes: string | null;
};

/** The project's allocations with how many different people are rostered to each (through their rosters). */
export async function allocationRows(
  em: EntityManager,
  projectId: string,
  activeOn?: string,
): Promise<AllocationRow[]> {
  const rows = await em.execute<
    {
      id: string;
      role: string;
      people_needed: number;
      starts_on: string;
      ends_on: string;
      shift_kind: "day" | "night";
      required_tickets: string[];
      notes: string | null;
      rostered: string;
    }[]
  >(
    `select a.id, a.role, a.people_needed, to_char(a.starts_on, 'YYYY-MM-DD') as starts_on,
            to_char(a.ends_on, 'YYYY-MM-DD') as ends_on, a.shift_kind, a.required_tickets, a.notes,
            (select count(distinct s.person_id) from roster r join roster_shift s on s.roster_id = r.id
              where r.allocation_id = a.id) as rostered
       from roster_allocation a
      where a.project_id = ? ${activeOn ? "and a.ends_on >= ?" : ""}
      order by a.starts_on, a.role, a.id`,
    activeOn ? [projectId, activeOn] : [projectId],
  );
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    peopleNeeded: row.people_needed,
    peopleRostered: Number(row.rostered),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    shiftKind: row.shift_kind,
    requiredTickets: row.required_tickets ?? [],
    notes: row.notes,
  }));
}

export async function loadAllocations(context: ProjectContext) {
  const allocations = await allocationRows(context.em, context.project.id);
  return {
    allocations: allocations.map((allocation) => ({
      ...allocation,
      values: {
        role: allocation.role,
        peopleNeeded: String(allocation.peopleNeeded),
        startsOn: allocation.startsOn,
        endsOn: allocation.endsOn,
        shiftKind: allocation.shiftKind,
        requiredTickets: allocation.requiredTickets.join(", "),
        notes: allocation.notes ?? "",
      },
    })),
    can: {
      create: context.can("rostering.roster.create"),
      edit: context.can("rostering.roster.edit"),
      delete: context.can("rostering.roster.delete"),
    },
  };
}
export type AllocationsPage = Awaited<ReturnType<typeof loadAllocations>>;

export async function allocationAction(context: ProjectContext, intent: string, formData: FormData) {
  const { em, project } = context;
  const { back, save, remove } = registerSteps(context, ALLOCATIONS_PATH, ENTITY.allocation);
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: allocationSchema });
    if (submission.status !== "success") return refuse(submission);
    const values = submission.value;
    const fields = {
      role: values.role,
      peopleNeeded: values.peopleNeeded,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      shiftKind: values.shiftKind,
      requiredTickets: ticketNames(values.requiredTickets),
      notes: values.notes,
    };
    const existing =
      intent === "update" && values.allocationId
        ? await em.findOne(RosterAllocation, { id: values.allocationId, project: project.id })
        : null;
    if (intent === "update" && !existing) throw new Response("Not found", { status: 404 });
    await save(RosterAllocation, existing?.id, fields, { after: fields }, { project: project.id });
    return back(existing ? "rostering:messages.allocationSaved" : "rostering:messages.allocationAdded", {
      role: values.role,
    });
  }
  const submission = parseWithZod(formData, { schema: deleteSchema("allocationId") });
  if (submission.status !== "success") return refuse(submission);
  const allocation = await em.findOne(RosterAllocation, {
    id: String(submission.value.allocationId),
    project: project.id,
  });
  if (!allocation) throw new Response("Not found", { status: 404 });
  await remove(RosterAllocation, allocation.id, { role: allocation.role });
  return back("rostering:messages.allocationDeleted", { role: allocation.role });
}
