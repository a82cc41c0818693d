import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE as PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { changedFields } from "~/server/audit/activity.server";
import { Company } from "~/server/db/entities/company";
import { containsPattern } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { deleteSchema, personSchema, ticketSchema } from "../domain/roster-forms";
import { RosterPerson, RosterShift, RosterTicket } from "../entities";
import { refuse, refuseField, registerSteps } from "./register-steps.server";
import { ENTITY, PERSONNEL_PATH } from "./rostering-basics";

/**
 * Personnel (/rostering/rostering/personal-management): the people who can be rostered, with their tickets.
 * People belong to the business, not to one project, so a person is found again on every project's roster.
 */

export type Choice = { value: string; label: string };

/** The companies a person may be of: the project's own and its members' (a person's current one stays too). */
export async function companyChoices(em: EntityManager, projectId: string): Promise<Choice[]> {
  const rows = await em.execute<{ id: string; name: string }[]>(
    `select c.id, c.name from company c
      where c.id in (select m.company_id from project_member m where m.project_id = ? and m.company_id is not null)
         or c.id = (select company_id from project where id = ?)
         or c.id in (select company_id from roster_person where company_id is not null)
      order by c.name, c.id limit 500`,
    [projectId, projectId],
  );
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/** Everyone who can be rostered, for pickers: "Name (Role)". */
export async function personChoices(em: EntityManager): Promise<Choice[]> {
  const rows = await em.execute<{ id: string; full_name: string; role: string }[]>(
    "select id, full_name, role from roster_person order by full_name, id limit 2000",
  );
  return rows.map((row) => ({ value: row.id, label: `${row.full_name} (${row.role})` }));
}

export async function loadPersonnel(context: ProjectContext, url: URL) {
  const { em } = context;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageFromSearch(url.searchParams);
  const where = q ? "where p.full_name ilike ? or p.role ilike ? or coalesce(p.email, '') ilike ?" : "";
  const params = q ? [containsPattern(q), containsPattern(q), containsPattern(q)] : [];
  const [rows, [{ total }], companies] = await Promise.all([
    em.execute<
      {
        id: string;
        full_name: string;
        email: string | null;
        phone: string | null;
        role: string;
        company_id: string | null;
        company: string | null;
        home_location: string | null;
      }[]
    >(
      `select p.id, p.full_name, p.email, p.phone, p.role, p.company_id, c.name as company, p.home_location
         from roster_person p left join company c on c.id = p.company_id
         ${where} order by p.full_name, p.id limit ? offset ?`,
      [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    ),
    em.execute<{ total: string }[]>(`select count(*) as total from roster_person p ${where}`, params),
    // The choices of the person form, only while one is open (?edit=): they weigh more than the list.
    url.searchParams.get("edit") ? companyChoices(em, context.project.id) : [],
  ]);
  const tickets = rows.length
    ? await em.find(
        RosterTicket,
        { person: { $in: rows.map((row) => row.id) } },
        { orderBy: { name: "asc" } },
      )
    : [];
  return {
    q,
    page,
    pageSize: PAGE_SIZE,
    total: Number(total),
    companies,
    people: rows.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      company: row.company,
      homeLocation: row.home_location,
      companyId: row.company_id,
      tickets: tickets
        .filter((ticket) => ticket.person.id === row.id)
        .map((ticket) => ({ id: ticket.id, name: ticket.name, expiresOn: ticket.expiresOn ?? null })),
    })),
    can: {
      create: context.can("rostering.roster.create"),
      edit: context.can("rostering.roster.edit"),
      delete: context.can("rostering.roster.delete"),
    },
  };
}
export type PersonnelPage = Awaited<ReturnType<typeof loadPersonnel>>;

async function personOf(em: EntityManager, id: string) {
  const person = await em.findOne(RosterPerson, { id });
  if (!person) throw new Response("Not found", { status: 404 });
  return person;
}

/** The personnel page's forms: add, edit, delete a person; add or remove a ticket. */
export async function personnelAction(context: ProjectContext, intent: string, formData: FormData) {
  const { em } = context;
  const { log, back, save, remove } = registerSteps(context, PERSONNEL_PATH, ENTITY.person);
  if (intent === "create" || intent === "update") {
    const submission = parseWithZod(formData, { schema: personSchema });
    if (submission.status !== "success") return refuse(submission);
    const values = submission.value;
    if (intent === "update" && !values.personId)
      return refuse(submission, { formErrors: [message("rostering:messages.choiceNotFound")] });
    if (values.companyId && !(await em.count(Company, { id: values.companyId })))
      return refuseField(submission, "companyId", "rostering:messages.choiceNotFound");
    if (values.email) {
      const holder = await em.findOne(RosterPerson, { email: values.email });
      if (holder && holder.id !== values.personId)
        return refuseField(submission, "email", "rostering:messages.emailTaken");
    }
    const fields = {
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      role: values.role,
      company: values.companyId,
      homeLocation: values.homeLocation,
    };
    if (intent === "update" && values.personId) {
      const person = await personOf(em, values.personId);
      const before = { fullName: person.fullName, email: person.email, role: person.role };
      await save(
        RosterPerson,
        person.id,
        fields,
        changedFields(before, { fullName: fields.fullName, email: fields.email, role: fields.role }),
      );
      return back("rostering:messages.personSaved", { name: values.fullName });
    }
    await save(RosterPerson, null, fields, { after: { fullName: fields.fullName, role: fields.role } });
    return back("rostering:messages.personAdded", { name: values.fullName });
  }
  if (intent === "add-ticket") {
    const submission = parseWithZod(formData, { schema: ticketSchema });
    if (submission.status !== "success") return refuse(submission);
    const person = await personOf(em, submission.value.personId);
    if (await em.count(RosterTicket, { person: person.id, name: submission.value.ticketName }))
      return refuseField(submission, "ticketName", "rostering:messages.ticketHeld");
    await em.transactional(async (tx) => {
      tx.create(RosterTicket, {
        person: person.id,
        name: submission.value.ticketName,
        expiresOn: submission.value.expiresOn,
      } as never);
      log(tx, person.id, "ticket-added", {
        after: { ticket: submission.value.ticketName, expiresOn: submission.value.expiresOn },
      });
    });
    return back("rostering:messages.ticketAdded", { name: submission.value.ticketName });
  }
  if (intent === "remove-ticket") {
    const ticketId = String(formData.get("ticketId") ?? "");
    const ticket = isUuid(ticketId) ? await em.findOne(RosterTicket, { id: ticketId }) : null;
    if (!ticket) throw new Response("Not found", { status: 404 });
    await em.transactional(async (tx) => {
      tx.remove(tx.getReference(RosterTicket, ticket.id));
      log(tx, ticket.person.id, "ticket-removed", { before: { ticket: ticket.name } });
    });
    return back("rostering:messages.ticketRemoved", { name: ticket.name });
  }
  // delete
  const submission = parseWithZod(formData, { schema: deleteSchema("personId") });
  if (submission.status !== "success") return refuse(submission);
  const person = await personOf(em, String(submission.value.personId));
  // Shifts on any project keep a person: deleting would rewrite published rosters elsewhere.
  if (await em.count(RosterShift, { person: person.id }, { filters: false }))
    return refuse(submission, { formErrors: [message("rostering:messages.personRostered")] }, 409);
  await remove(RosterPerson, person.id, { fullName: person.fullName });
  return back("rostering:messages.personDeleted", { name: person.fullName });
}
