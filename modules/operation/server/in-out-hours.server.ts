import type { EntityManager } from "@mikro-orm/postgresql";
import { Project } from "~/server/db/entities";
import type { InOutSignOutRule } from "~/server/extensions/contracts";
import { inOutSignOutRule } from "~/server/extensions/extensions.server";
import { projectTimeZone } from "~/server/projects/time-zone.server";

/**
 * How long a stay lasted, in SQL (decision 040): a signed-out stay from in to out; a stay still open counts up
 * to now, but never past the automatic sign-out time of its site day (when the rule is on and that time comes
 * after the sign-in) nor past the end of its site day (midnight on the project's clock). Hours are
 * `numeric` from the database's clock arithmetic, rounded to two decimals only once summed: never a float.
 */

export type HoursClock = {
  /** The project's IANA zone (decision 029). */
  zone: string;
  /** The automatic sign-out rule, or null (Safety off, or no module provides one). */
  rule: InOutSignOutRule | null;
  now: Date;
};

/** The project's zone and sign-out rule, with the instant the figures are read at. */
export async function hoursClock(
  em: EntityManager,
  projectId: string,
  now = new Date(),
): Promise<HoursClock> {
  const project = await em.findOneOrFail(Project, projectId, { filters: false });
  const [zone, rule] = await Promise.all([projectTimeZone(em, project), inOutSignOutRule(em, projectId)]);
  return { zone, rule, now };
}

/**
 * The latest instant an open stay (record aliased `r`) can count to: the automatic sign-out time of its site
 * day when the rule is on and that time comes after the sign-in, else the end of its site day; never before
 * the sign-in. The automatic sign-out job stamps exactly this instant.
 */
export function stayCapSql(clock: Pick<HoursClock, "zone" | "rule">): { sql: string; params: unknown[] } {
  const ruleOn = Boolean(clock.rule?.enabled);
  const time = clock.rule?.time ?? "00:00";
  return {
    sql: `greatest(r.signed_in_at, least(
        ((r.site_day + 1)::timestamp at time zone ?),
        case when ?::boolean and ((r.site_day + ?::time) at time zone ?) > r.signed_in_at
          then ((r.site_day + ?::time) at time zone ?) end))`,
    params: [clock.zone, ruleOn, time, clock.zone, time, clock.zone],
  };
}

/** The instant a stay ends (record aliased `r`): its sign-out, or for an open one now, at most its cap. */
export function stayEndSql(clock: HoursClock): { sql: string; params: unknown[] } {
  const cap = stayCapSql(clock);
  return {
    sql: `coalesce(r.signed_out_at, greatest(r.signed_in_at, least(?::timestamptz, ${cap.sql})))`,
    params: [clock.now.toISOString(), ...cap.params],
  };
}

/** A stay's hours (numeric, unrounded) for a record aliased `r`. */
export function stayHoursSql(clock: HoursClock): { sql: string; params: unknown[] } {
  const end = stayEndSql(clock);
  return { sql: `(extract(epoch from (${end.sql} - r.signed_in_at)) / 3600)`, params: end.params };
}
