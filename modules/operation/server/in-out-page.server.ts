import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { registerWhere } from "~/server/db/register-query";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { zonedDay } from "~/server/projects/time-zone";
import { IN_OUT_ENTITY_TYPE, type InOutKind, type SignOutKind } from "../domain/in-out";
import { currentGate, gateView } from "./in-out-gate.server";
import { type HoursClock, hoursClock, stayHoursSql } from "./in-out-hours.server";
import { type InOutQuery, readInOutQuery } from "./in-out-rules";

/**
 * The /operation/in-out page's data (README "In/Out"): on the In/Out tab who is on site now and the day's
 * people with their stays and hours (searched and paginated in SQL on the day's index); on the Activity Log
 * tab every sign-in, sign-out, correction and automatic sign-out, newest first, paginated in SQL.
 */

/** The most people the "on site now" list shows (more are counted, and found through the day's list). */
export const ON_SITE_SHOWN = 100;

type StayRow = { id: string; in: string; out: string | null; how: SignOutKind | null };

async function onSiteNow(context: ProjectContext) {
  const { em, project } = context;
  const [rows, counted] = await Promise.all([
    em.execute<
      {
        id: string;
        name: string;
        company: string;
        role: string | null;
        kind: InOutKind;
        inducted: boolean;
        signed_in_at: Date;
      }[]
    >(
      `select r.id, r.name, r.company, r.role, r.kind, r.inducted, r.signed_in_at
       from operation_in_out_record r
       where r.project_id = ? and r.signed_out_at is null
       order by r.signed_in_at desc
       limit ?`,
      [project.id, ON_SITE_SHOWN],
    ),
    em.execute<{ total: string }[]>(
      `select count(*) as total from operation_in_out_record r where r.project_id = ? and r.signed_out_at is null`,
      [project.id],
    ),
  ]);
  return {
    total: Number(counted[0]?.total ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      company: row.company,
      role: row.role,
      kind: row.kind,
      inducted: row.inducted,
      since: new Date(row.signed_in_at).toISOString(),
    })),
  };
}

/** The day's people: one row per person, their stays, first in, last out and hours (two decimals). */
export async function dayRegister(
  context: ProjectContext,
  clock: HoursClock,
  query: InOutQuery,
  page: number,
) {
  const { em, project } = context;
  const where = registerWhere("r.project_id = ? and r.site_day = ?", project.id, query.date).search(
    `r.name::text || ' ' || r.company::text || ' ' || coalesce(r.role, '')::text`,
    query.q,
  );
  const hours = stayHoursSql(clock);
  const [rows, counted] = await Promise.all([
    em.execute<
      {
        person_key: string;
        name: string;
        company: string;
        role: string | null;
        kind: InOutKind;
        inducted: boolean;
        on_site: boolean;
        hours: string;
        stays: StayRow[];
      }[]
    >(
      `select r.person_key, min(r.name) as name, min(r.company) as company, max(r.role) as role,
         min(r.kind) as kind, bool_and(r.inducted) as inducted, bool_or(r.signed_out_at is null) as on_site,
         round(sum(${hours.sql}), 2)::text as hours,
         json_agg(json_build_object('id', r.id, 'in', r.signed_in_at, 'out', r.signed_out_at,
           'how', r.sign_out_kind) order by r.signed_in_at) as stays
       from operation_in_out_record r
       where ${where.sql}
       group by r.person_key
       order by min(r.name), r.person_key
       limit ? offset ?`,
      [...hours.params, ...where.params, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE],
    ),
    em.execute<{ total: string }[]>(
      `select count(distinct r.person_key) as total from operation_in_out_record r where ${where.sql}`,
      where.params,
    ),
  ]);
  return {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
    rows: rows.map((row) => ({
      id: row.person_key,
      name: row.name,
      company: row.company,
      role: row.role,
      kind: row.kind,
      inducted: row.inducted,
      onSite: row.on_site,
      hours: row.hours,
      stays: row.stays.map((stay) => ({
        id: stay.id,
        in: new Date(stay.in).toISOString(),
        out: stay.out ? new Date(stay.out).toISOString() : null,
        how: stay.how,
      })),
    })),
  };
}
export type InOutDayRow = Awaited<ReturnType<typeof dayRegister>>["rows"][number];

/** The project's In/Out activity log, newest first (the core log, one history per project). */
export async function inOutActivity(context: ProjectContext, page: number) {
  const { em, project } = context;
  const where = `a.entity_type = ? and a.entity_id = ?`;
  const params = [IN_OUT_ENTITY_TYPE, project.id];
  const [rows, counted] = await Promise.all([
    em.execute<
      {
        id: string;
        action: string;
        actor: string | null;
        created_at: Date;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }[]
    >(
      `select a.id, a.action, u.name as actor, a.created_at, a.before, a.after
       from activity_log a left join app_user u on u.id = a.actor_id
       where ${where}
       order by a.created_at desc, a.id desc
       limit ? offset ?`,
      [...params, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE],
    ),
    em.execute<{ total: string }[]>(`select count(*) as total from activity_log a where ${where}`, params),
  ]);
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
    rows: rows.map((row) => {
      const facts = { ...(row.before ?? {}), ...(row.after ?? {}) };
      return {
        id: row.id,
        action: row.action,
        actor: row.actor,
        at: new Date(row.created_at).toISOString(),
        name: text(facts.name),
        company: text(facts.company),
        how: text(facts.how) ?? (facts.via === "gate" ? "gate_in" : text(facts.via)),
        // The sign-in or sign-out time of the event (a late gate post, the rule's time); else when it was recorded.
        time: text(row.after?.at),
        reason: text(row.after?.reason),
      };
    }),
  };
}
export type InOutActivityRow = Awaited<ReturnType<typeof inOutActivity>>["rows"][number];

export async function loadInOutPage(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const clock = await hoursClock(em, project.id);
  const today = zonedDay(clock.now, clock.zone);
  const query = readInOutQuery(url.searchParams, today);
  const page = pageFromSearch(url.searchParams);
  const canCreate = context.can("operation.inOut.create");
  const common = {
    query,
    today,
    timeZone: clock.zone,
    autoSignOut: clock.rule?.enabled ? clock.rule.time : null,
    canCreate,
    canEdit: context.can("operation.inOut.edit"),
  };
  if (query.tab === "activity")
    return { ...common, activity: await inOutActivity(context, page), onSite: null, day: null, gate: null };
  return {
    ...common,
    activity: null,
    onSite: await onSiteNow(context),
    day: await dayRegister(context, clock, query, page),
    gate: canCreate ? await gateView(await currentGate(em, project.id)) : null,
  };
}
