import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { readWorkbookUpload } from "~/server/uploads/workbook-upload.server";
import { daysBetween } from "../domain/days";
import {
  formatTickets,
  shiftLabelKey,
  TEMPLATE_KINDS,
  type TemplateKind,
  type TemplateRecords,
  templateErrorMessage,
  templateLookup,
} from "../domain/templates";
import {
  Accommodation,
  AccommodationRoom,
  Roster,
  RosterCrew,
  RosterCrewMember,
  RosterPerson,
  RosterShift,
  RosterTicket,
} from "../entities";
import {
  ACCOMMODATION_PATH,
  CREWS_PATH,
  ENTITY,
  PERSONNEL_PATH,
  ROSTERING_LIMITS,
  rosterPath,
} from "./rostering-basics";
import { importTemplateWorkbook, type TemplateCell, templateWorkbook } from "./template-workbook.server";

/**
 * The four template kinds of spec 3 on the server: download (empty), export (what is there) and import. An
 * import is all or nothing: every bad row is listed with its number and nothing is written; a good file is
 * written in one transaction.
 */

const MAX_BYTES = 5 * 1024 * 1024;

export const isTemplateKind = (kind: string | undefined): kind is TemplateKind =>
  (TEMPLATE_KINDS as readonly string[]).includes(kind ?? "");

/** Who may import a kind: people, crews and rosters need roster create; accommodation its own create. */
export const importPermission = (kind: TemplateKind) =>
  kind === "AccommodationTemplate" ? "rostering.accommodation.create" : "rostering.roster.create";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The workbook as a download: empty (mode=template) or with the project's records (mode=export). */
export async function templateDownload(
  context: ProjectContext,
  kind: TemplateKind,
  mode: "template" | "export",
) {
  const t = await serverT(context.locale, "rostering");
  const rows = mode === "export" ? await exportRows(context, kind, t) : [];
  const bytes = await templateWorkbook(kind, t, rows);
  const name = `${kind}${mode === "export" ? `-${context.project.number}` : ""}.xlsx`;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

async function exportRows(
  context: ProjectContext,
  kind: TemplateKind,
  t: (key: string) => unknown,
): Promise<TemplateCell[][]> {
  const { em, project } = context;
  if (kind === "PersonnelTemplate") {
    const people = await em.find(
      RosterPerson,
      {},
      { populate: ["company"], orderBy: { fullName: "asc" }, limit: 5000 },
    );
    const tickets = await em.find(RosterTicket, {}, { orderBy: { name: "asc" } });
    return people.map((person) => [
      person.fullName,
      person.email,
      person.phone,
      person.role,
      person.company?.name ?? null,
      person.homeLocation,
      formatTickets(
        tickets
          .filter((ticket) => ticket.person.id === person.id)
          .map((ticket) => ({ name: ticket.name, expiresOn: ticket.expiresOn ?? null })),
      ),
    ]);
  }
  if (kind === "CrewTemplate") {
    const [crews, members] = await Promise.all([
      em.find(RosterCrew, {}, { populate: ["lead"], orderBy: { name: "asc" } }),
      em.find(RosterCrewMember, {}, { populate: ["person"] }),
    ]);
    const handle = (person: { email?: string | null; fullName: string }) => person.email ?? person.fullName;
    return crews.map((crew) => [
      crew.name,
      crew.lead ? handle(crew.lead) : null,
      members
        .filter((member) => member.crew.id === crew.id)
        .map((member) => handle(member.person))
        .join("; "),
    ]);
  }
  if (kind === "RosterTemplate") {
    const rows = await em.execute<
      { person: string; date: string; kind: "day" | "night"; role: string | null }[]
    >(
      `select coalesce(p.email, p.full_name) as person, to_char(s.date, 'YYYY-MM-DD') as date, s.kind, a.role
         from roster_shift s join roster_person p on p.id = s.person_id join roster r on r.id = s.roster_id
         left join roster_allocation a on a.id = r.allocation_id
        where s.project_id = ? order by s.date, p.full_name limit 5000`,
      [project.id],
    );
    return rows.map((row) => [row.person, row.date, String(t(shiftLabelKey(row.kind))), row.role]);
  }
  const rooms = await em.find(
    AccommodationRoom,
    { project: project.id },
    { populate: ["accommodation"], orderBy: { accommodation: { name: "asc" }, name: "asc" } },
  );
  return rooms.map((room) => [room.accommodation.name, room.accommodation.address, room.name, room.beds]);
}

/** Imports an uploaded template; errors come back as the form's messages, one a bad row. */
export async function importTemplate(context: ProjectContext, kind: TemplateKind, request: Request) {
  const upload = await readWorkbookUpload(request, {
    maxBytes: MAX_BYTES,
    notXlsxMessage: message("rostering:templates.notXlsx"),
  });
  if ("error" in upload) return data({ status: "error", error: { file: [upload.error] } }, { status: 400 });
  if (!upload.workbook)
    return data(
      { status: "error", error: { file: [message("rostering:templates.noFile")] } },
      { status: 400 },
    );
  const rosterName = String(upload.fields.get("rosterName") ?? "").trim();
  if (kind === "RosterTemplate" && (!rosterName || rosterName.length > ROSTERING_LIMITS.rosterName))
    return data(
      { status: "error", error: { rosterName: [message("common:validation.required")] } },
      { status: 400 },
    );
  const { em } = context;
  const [people, companies] = await Promise.all([
    em.execute<{ id: string; full_name: string; email: string | null }[]>(
      "select id, full_name, email from roster_person",
    ),
    em.execute<{ id: string; name: string }[]>("select id, name from company"),
  ]);
  const lookup = templateLookup({
    people: people.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email })),
    companies,
  });
  const result = await importTemplateWorkbook(kind, upload.workbook, lookup);
  if (!result.ok)
    return data(
      { status: "error", error: { file: result.errors.slice(0, 200).map(templateErrorMessage) } },
      { status: 400 },
    );
  if (result.records.length === 0)
    return data(
      { status: "error", error: { file: [message("rostering:templates.empty")] } },
      { status: 400 },
    );
  return writeRecords(context, kind, result.records as never, rosterName);
}

async function writeRecords<Kind extends TemplateKind>(
  context: ProjectContext,
  kind: Kind,
  records: TemplateRecords[Kind][],
  rosterName: string,
) {
  const { em, project, user } = context;
  const done = (path: string) =>
    redirectWithToast(path, {
      type: "success",
      message: "rostering:templates.imported",
      params: { count: String(records.length) },
    });
  if (kind === "PersonnelTemplate") {
    await em.transactional(async (tx) => {
      for (const record of records as TemplateRecords["PersonnelTemplate"][]) {
        const fields = {
          fullName: record.fullName,
          email: record.email?.toLowerCase() ?? null,
          phone: record.phone,
          role: record.role,
          company: record.companyId,
          homeLocation: record.homeLocation,
        };
        const person = record.personId
          ? tx.assign(await tx.findOneOrFail(RosterPerson, record.personId), fields as never)
          : tx.create(RosterPerson, fields as never);
        for (const ticket of record.tickets) {
          const held = record.personId
            ? await tx.findOne(RosterTicket, { person: person.id, name: ticket.name })
            : null;
          if (held) held.expiresOn = ticket.expiresOn;
          else tx.create(RosterTicket, { person, name: ticket.name, expiresOn: ticket.expiresOn } as never);
        }
      }
      logImport(tx, context, kind, records.length);
    });
    return done(PERSONNEL_PATH);
  }
  if (kind === "CrewTemplate") {
    await em.transactional(async (tx) => {
      for (const record of records as TemplateRecords["CrewTemplate"][]) {
        const existing = await tx.findOne(RosterCrew, { name: record.name });
        const crew = existing
          ? tx.assign(existing, { lead: record.leadId } as never)
          : tx.create(RosterCrew, { name: record.name, lead: record.leadId } as never);
        if (existing) await tx.nativeDelete(RosterCrewMember, { crew: existing.id });
        for (const personId of new Set([record.leadId, ...record.memberIds]))
          tx.create(RosterCrewMember, { crew, person: personId } as never);
      }
      logImport(tx, context, kind, records.length);
    });
    return done(CREWS_PATH);
  }
  if (kind === "RosterTemplate") {
    const shifts = records as TemplateRecords["RosterTemplate"][];
    const days = shifts.map((shift) => shift.date).sort();
    const startsOn = days[0];
    const endsOn = days[days.length - 1];
    if (daysBetween(startsOn, endsOn) + 1 > ROSTERING_LIMITS.rosterDays)
      return data(
        {
          status: "error",
          error: {
            file: [message("rostering:messages.rosterTooLong", { days: ROSTERING_LIMITS.rosterDays })],
          },
        },
        { status: 400 },
      );
    const seen = new Map<string, number>();
    const twice = shifts.flatMap((shift) => {
      const key = `${shift.personId}|${shift.date}`;
      const first = seen.get(key);
      seen.set(key, first ?? shift.row);
      return first ? [message("rostering:templates.shiftTwice", { row: shift.row, firstRow: first })] : [];
    });
    if (twice.length > 0) return data({ status: "error", error: { file: twice } }, { status: 400 });
    const rosterId = await em.transactional(async (tx) => {
      const roster = tx.create(Roster, {
        project: project.id,
        kind: "composition",
        name: rosterName,
        cycle: null,
        startsOn,
        endsOn,
        createdBy: user.id,
      } as never);
      for (const shift of shifts)
        tx.create(RosterShift, {
          project: project.id,
          roster,
          person: shift.personId,
          date: shift.date,
          kind: shift.kind,
        } as never);
      logImport(tx, context, kind, records.length);
      return roster.id;
    });
    return done(rosterPath(rosterId));
  }
  await em.transactional(async (tx) => {
    for (const record of records as TemplateRecords["AccommodationTemplate"][]) {
      const place =
        (await tx.findOne(Accommodation, { project: project.id, name: record.place })) ??
        tx.create(Accommodation, {
          project: project.id,
          name: record.place,
          address: record.address,
        } as never);
      if (record.address && place.address !== record.address) place.address = record.address;
      const room = place.id
        ? await tx.findOne(AccommodationRoom, { accommodation: place.id, name: record.room })
        : null;
      if (room) room.beds = record.beds;
      else
        tx.create(AccommodationRoom, {
          project: project.id,
          accommodation: place,
          name: record.room,
          beds: record.beds,
        } as never);
      await tx.flush();
    }
    logImport(tx, context, kind, records.length);
  });
  return done(ACCOMMODATION_PATH);
}

function logImport(tx: EntityManager, context: ProjectContext, kind: TemplateKind, rows: number) {
  recordActivity(tx, {
    projectId: context.project.id,
    actorId: context.user.id,
    entityType: ENTITY.roster,
    entityId: context.project.id,
    action: "template-imported",
    after: { kind, rows },
  });
}
