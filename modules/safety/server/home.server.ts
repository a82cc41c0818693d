import type { ProjectContext } from "~/server/permissions/guard.server";
import { ACTION_OPEN_STATUSES, ACTION_PERMISSIONS } from "../domain/action-workflow";
import { INCIDENT_PERMISSIONS, INCIDENT_STATUSES, type IncidentStatus } from "../domain/incident-workflow";
import {
  OBSERVATION_KINDS,
  OBSERVATION_PERMISSIONS,
  type ObservationKind,
} from "../domain/observation-workflow";
import { PERMIT_PERMISSIONS } from "../domain/permit-workflow";
import { SDS_PERMISSIONS } from "../domain/sds-workflow";
import { ACTION_PATH, type DueFilter } from "./action-basics";
import { frequencyRatesFor } from "./frequency-rates.server";
import { INCIDENT_PATH } from "./incident-basics";
import { OBSERVATION_PATH } from "./observation-basics";
import { PERMIT_PATH } from "./permit-basics";
import { validityCondition } from "./permit-register.server";
import { siteToday } from "./sds.server";
import { SDS_PATH } from "./sds-basics";
import { expiryCondition } from "./sds-register.server";

/** Open actions by when they are due: each count with the register's link that lists exactly those. */
export type DueBucket = { due: DueFilter; count: number; href: string };

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const OPEN = ACTION_OPEN_STATUSES.map((status) => `'${status}'`).join(", ");

/**
 * The project's open actions (open, in progress) by due date — overdue, within 7 days, later, none — and
 * the overdue ones assigned to the user: one pass over the (project, status, …) rows, counted in SQL. The buckets are the
 * register's due filters, so a count and the list its link opens are the same actions.
 */
export async function openActionsByDue(
  context: Pick<ProjectContext, "em"> & { user: { id: string }; project: { id: string } },
  today: string,
) {
  const [row] = await context.em
    .getConnection()
    .execute<{ overdue: string; due_week: string; later: string; no_due: string; mine_overdue: string }[]>(
      `select count(*) filter (where a.due_date < ?) as overdue,
            count(*) filter (where a.due_date between ? and ?) as due_week,
            count(*) filter (where a.due_date > ?) as later,
            count(*) filter (where a.due_date is null) as no_due,
            count(*) filter (where a.assignee_id = ? and a.due_date < ?) as mine_overdue
       from safety_action a
      where a.project_id = ? and a.status in (${OPEN})`,
      [today, today, addDays(today, 7), addDays(today, 7), context.user.id, today, context.project.id],
    );
  const link = (due: DueFilter) => `${ACTION_PATH}?tab=all_actions&due=${due}&sort=dueDate&dir=asc`;
  const buckets: DueBucket[] = (["overdue", "due_week", "later", "no_due"] as const).map((due) => ({
    due,
    count: Number(row?.[due] ?? 0),
    href: link(due),
  }));
  return {
    buckets,
    // Overdue and assigned to the user: the register's assignee and due filters list exactly these.
    mineOverdue: Number(row?.mine_overdue ?? 0),
    mineOverdueHref: `${link("overdue")}&assignee=${context.user.id}`,
  };
}

/** The Monday of the week a day is in (site weeks start on Monday). */
export function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return addDays(day, -((date.getUTCDay() + 6) % 7));
}

/**
 * The observations seen this week (Monday to today) by kind, with the register's links (kind and day range):
 * how many unsafe acts and conditions the site reported, and how many good practices.
 */
export async function observationsThisWeek(context: ProjectContext, today: string) {
  const from = mondayOf(today);
  const rows = await context.em.getConnection().execute<{ kind: ObservationKind; count: string }[]>(
    `select o.kind, count(*) as count from safety_observation o
      where o.project_id = ? and o.observed_on between ? and ? group by o.kind`,
    [context.project.id, from, today],
  );
  const counts = new Map(rows.map((row) => [row.kind, Number(row.count)]));
  return {
    from,
    kinds: OBSERVATION_KINDS.map((kind) => ({
      kind,
      count: counts.get(kind) ?? 0,
      href: `${OBSERVATION_PATH}?kind=${kind}&from=${from}&to=${today}`,
    })),
  };
}

/** The project's incidents by stage, each with the register's link listing exactly those. */
export async function incidentsByStatus(context: ProjectContext) {
  const rows = await context.em
    .getConnection()
    .execute<{ status: IncidentStatus; count: string }[]>(
      "select i.status, count(*) as count from safety_incident i where i.project_id = ? group by i.status",
      [context.project.id],
    );
  const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
  return INCIDENT_STATUSES.map((status) => ({
    status,
    count: counts.get(status) ?? 0,
    href: `${INCIDENT_PATH}?view=ALL_INCIDENTS&status=${status}`,
  }));
}

/** The twelve months up to the current one, as the first and last day of that period. */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  const [year, month] = today.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 12, 1));
  const last = new Date(Date.UTC(year, month, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** LTIFR and TRIFR over the twelve months up to the current one. */
function rolling12MonthRates(context: ProjectContext, today: string) {
  const period = lastTwelveMonths(today);
  return frequencyRatesFor({ em: context.em, projectId: context.project.id }, period.from, period.to);
}

/**
 * The safety data sheets expired and expiring soon (the register's expiry rule on the site's today), and the
 * permits to work active now (the register's validity rule): each with the register's link listing them.
 */
export async function sheetsToWatch(context: ProjectContext) {
  const today = await siteToday(context);
  const expired = expiryCondition("expired", today);
  const expiring = expiryCondition("expiring", today);
  const [row] = await context.em.getConnection().execute<{ expired: string; expiring: string }[]>(
    `select count(*) filter (where ${expired.sql}) as expired, count(*) filter (where ${expiring.sql}) as expiring
         from safety_sds s where s.project_id = ?`,
    [...expired.params, ...expiring.params, context.project.id],
  );
  return (["expired", "expiring"] as const).map((expiry) => ({
    expiry,
    count: Number(row?.[expiry] ?? 0),
    href: `${SDS_PATH}?expiry=${expiry}`,
  }));
}

export async function permitsActiveNow(context: ProjectContext, now = new Date()) {
  const active = validityCondition("active", now);
  const [row] = await context.em
    .getConnection()
    .execute<{ count: string }[]>(
      `select count(*) as count from safety_permit p where p.project_id = ? and ${active.sql}`,
      [context.project.id, ...active.params],
    );
  return { count: Number(row?.count ?? 0), href: `${PERMIT_PATH}?validity=active` };
}

/** /safety/home: each part for those who may open the register behind it. */
export async function safetyHome(context: ProjectContext, today = new Date().toISOString().slice(0, 10)) {
  return {
    today,
    actions: context.can(ACTION_PERMISSIONS.view) ? await openActionsByDue(context, today) : null,
    observations: context.can(OBSERVATION_PERMISSIONS.view)
      ? await observationsThisWeek(context, today)
      : null,
    incidents: context.can(INCIDENT_PERMISSIONS.view) ? await incidentsByStatus(context) : null,
    // The rates speak of the incidents' injured people: for those who see the incidents.
    rates: context.can(INCIDENT_PERMISSIONS.view) ? await rolling12MonthRates(context, today) : null,
    sheets: context.can(SDS_PERMISSIONS.view) ? await sheetsToWatch(context) : null,
    permits: context.can(PERMIT_PERMISSIONS.view) ? await permitsActiveNow(context) : null,
  };
}
