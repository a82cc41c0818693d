import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { crewSchema, deleteSchema } from "../domain/roster-forms";
import { Roster, RosterCrew, RosterCrewMember, RosterPerson } from "../entities";
import { personChoices } from "./people.server";
import { refuse, refuseField, registerSteps } from "./register-steps.server";
import { CREWS_PATH, ENTITY } from "./rostering-basics";

/** Crews (/rostering/rostering/crew): people who work a pattern together, with a lead. Business-wide, like people. */

export async function loadCrews(context: ProjectContext, url: URL) {
  const { em } = context;
  const [crews, members, people] = await Promise.all([
    em.find(RosterCrew, {}, { orderBy: { name: "asc" }, populate: ["lead"] }),
    em.find(RosterCrewMember, {}, { populate: ["person"], orderBy: { person: { fullName: "asc" } } }),
    // Everyone who can be a member, only while a crew form is open (?edit=): forty people weigh more than the list.
    url.searchParams.get("edit") ? personChoices(em) : [],
  ]);
  return {
    people,
    crews: crews.map((crew) => {
      const own = members.filter((member) => member.crew.id === crew.id);
      return {
        id: crew.id,
        name: crew.name,
        lead: crew.lead ? crew.lead.fullName : null,
        members: own.map((member) => ({
          id: member.person.id,
          name: member.person.fullName,
          role: member.person.role,
        })),
        values: {
          name: crew.name,
          leadId: crew.lead?.id ?? "",
          memberIds: own.map((member) => member.person.id),
        },
      };
    }),
    can: {
      create: context.can("rostering.roster.create"),
      edit: context.can("rostering.roster.edit"),
      delete: context.can("rostering.roster.delete"),
    },
  };
}
export type CrewsPage = Awaited<ReturnType<typeof loadCrews>>;

/** The people a crew names, all of whom must exist. */
async function peopleExist(em: EntityManager, ids: string[]) {
  return ids.length === 0 || (await em.count(RosterPerson, { id: { $in: ids } })) === ids.length;
}

export async function crewAction(context: ProjectContext, intent: string, formData: FormData) {
  const { em } = context;
  const { log, back, remove } = registerSteps(context, CREWS_PATH, ENTITY.crew);
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: crewSchema });
    if (submission.status !== "success") return refuse(submission);
    const values = submission.value;
    const memberIds = [...new Set(values.memberIds)];
    if (values.leadId && !memberIds.includes(values.leadId)) memberIds.push(values.leadId);
    if (!(await peopleExist(em, memberIds)))
      return refuseField(submission, "memberIds", "rostering:messages.choiceNotFound");
    const sameName = await em.findOne(RosterCrew, { name: values.name });
    if (sameName && sameName.id !== values.crewId)
      return refuseField(submission, "name", "rostering:messages.crewNameTaken");
    if (intent === "update") {
      const crew = values.crewId ? await em.findOne(RosterCrew, { id: values.crewId }) : null;
      if (!crew) throw new Response("Not found", { status: 404 });
      await em.transactional(async (tx) => {
        tx.assign(await tx.findOneOrFail(RosterCrew, crew.id), {
          name: values.name,
          lead: values.leadId,
        } as never);
        await tx.nativeDelete(RosterCrewMember, { crew: crew.id });
        for (const personId of memberIds)
          tx.create(RosterCrewMember, { crew: crew.id, person: personId } as never);
        log(tx, crew.id, "updated", { after: { name: values.name, members: memberIds.length } });
      });
      return back("rostering:messages.crewSaved", { name: values.name });
    }
    await em.transactional(async (tx) => {
      const crew = tx.create(RosterCrew, { name: values.name, lead: values.leadId } as never);
      for (const personId of memberIds) tx.create(RosterCrewMember, { crew, person: personId } as never);
      log(tx, crew.id, "created", { after: { name: values.name, members: memberIds.length } });
    });
    return back("rostering:messages.crewAdded", { name: values.name });
  }
  const submission = parseWithZod(formData, { schema: deleteSchema("crewId") });
  if (submission.status !== "success") return refuse(submission);
  const crew = await em.findOne(RosterCrew, { id: String(submission.value.crewId) });
  if (!crew) throw new Response("Not found", { status: 404 });
  // A crew's rosters keep their shifts (the roster forgets the crew); rosters of other projects too.
  const rosters = await em.count(Roster, { crew: crew.id }, { filters: false });
  await remove(RosterCrew, crew.id, { name: crew.name, rosters });
  return back("rostering:messages.crewDeleted", { name: crew.name });
}
