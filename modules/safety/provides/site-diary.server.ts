import { formatDateTime } from "~/app/utils/format";
import {
  type ExtensionContext,
  type Provider,
  provide,
  type SiteDiaryQuery,
  type SiteDiarySection,
} from "~/server/extensions/contracts";
import { diaryDayBounds, diaryLocationScope } from "~/server/extensions/site-diary-scope.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { TALK_PERMISSIONS, type TalkKind } from "../domain/talk-fields";
import { enforcementPath } from "../server/enforcement-basics";
import { incidentViewPath } from "../server/incident-basics";
import { observationPath } from "../server/observation-basics";
import { permitPath } from "../server/permit-basics";
import { talkPath } from "../server/talk-basics";

/**
 * Safety's sections of the site diary, for the diary's day (on the project's clock, decision 029) and its
 * location's subtree (decision 039): the incidents that happened that day, the observations made, the permits
 * to work in force that day (active, or closed since, their validity overlapping the day), the pre-start
 * talks and the toolbox talks held (two sections), and the Safety tab of the diary's NCR section: the
 * enforcement scans that failed and raised an NCR that day. Safety keeps no NCR register of its own; a scan
 * has no place, so these are in the whole-project diary only.
 */

type Row = { id: string; number: string; title: string; status: string | null };

const incidents: SiteDiarySection = {
  id: "incidents",
  permission: "safety.incidents.view",
  title: "safety:diary.incidents",
  async list({ em, project, t, locale }, query) {
    const day = await diaryDayBounds(em, project, query);
    const scope = diaryLocationScope("i.location_id", project.id, query.locationId);
    const rows = await em.getConnection().execute<(Row & { occurred_at: Date | string })[]>(
      `select i.id, i."number", i.title, i.status, i.occurred_at
         from safety_incident i
        where i.project_id = ? and i.occurred_at >= ? and i.occurred_at < ? and ${scope.sql}
        order by i.occurred_at, i.sequence`,
      [project.id, day.start, day.end, ...scope.params],
    );
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      status: t(`safety:incident.status.${row.status}`),
      detail: formatDateTime(new Date(row.occurred_at), locale, day.timeZone),
      href: incidentViewPath(row.id),
    }));
  },
};

const observations: SiteDiarySection = {
  id: "observations",
  permission: "safety.observations.view",
  title: "safety:diary.observations",
  async list({ em, project, t }, query) {
    const scope = diaryLocationScope("o.location_id", project.id, query.locationId);
    const rows = await em.getConnection().execute<(Row & { kind: string })[]>(
      `select o.id, o."number", o.title, o.status, o.kind
         from safety_observation o
        where o.project_id = ? and o.observed_on = ?::date and ${scope.sql}
        order by o.sequence`,
      [project.id, query.date, ...scope.params],
    );
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      status: t(`safety:observation.status.${row.status}`),
      detail: t(`safety:observation.kind.${row.kind}`),
      href: observationPath(row.id),
    }));
  },
};

const permits: SiteDiarySection = {
  id: "permits",
  permission: "safety.permits.view",
  title: "safety:diary.permits",
  async list({ em, project, t }, query) {
    const day = await diaryDayBounds(em, project, query);
    const scope = diaryLocationScope("w.location_id", project.id, query.locationId);
    const rows = await em.getConnection().execute<(Row & { type: string })[]>(
      `select w.id, w."number", w.title, w.status, w.type
         from safety_permit w
        where w.project_id = ? and w.status in ('ACTIVE', 'CLOSED')
          and w.valid_from < ? and w.valid_to >= ? and ${scope.sql}
        order by w.sequence`,
      [project.id, day.end, day.start, ...scope.params],
    );
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.title,
      status: t(`safety:permit.status.${row.status}`),
      detail: t(`safety:permit.type.${row.type}`),
      href: permitPath(row.id),
    }));
  },
};

function talksOf(kind: TalkKind, id: string, title: string): SiteDiarySection {
  return {
    id,
    permission: TALK_PERMISSIONS[kind].view as readonly PermissionKey[],
    title,
    async list({ em, project, t }: ExtensionContext, query: SiteDiaryQuery) {
      const scope = diaryLocationScope("k.location_id", project.id, query.locationId);
      const rows = await em.getConnection().execute<Row[]>(
        `select k.id, k."number", k.title, null as status
           from safety_talk k
          where k.project_id = ? and k.kind = ? and k.held_on = ?::date and ${scope.sql}
          order by k.sequence`,
        [project.id, kind, query.date, ...scope.params],
      );
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        title: row.title,
        status: t(`safety:talk.kind.${kind}`),
        href: talkPath(row.id),
      }));
    },
  };
}

const ncrs: SiteDiarySection = {
  id: "ncrs",
  permission: "safety.enforcement.view",
  title: "safety:diary.ncrs",
  async list({ em, project, t }, query) {
    if (query.locationId) return [];
    const day = await diaryDayBounds(em, project, query);
    const rows = await em
      .getConnection()
      .execute<{ id: string; number: string; object_id: string; object_name: string; status: string }[]>(
        `select s.id, s."number", s.object_id, s.object_name, s.status
         from safety_enforcement_scan s
        where s.project_id = ? and s.ncr_raised and s.created_at >= ? and s.created_at < ?
        order by s.sequence`,
        [project.id, day.start, day.end],
      );
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      title: row.object_name,
      status: t(`safety:enforcement.result.${row.status}`),
      detail: row.object_id,
      href: enforcementPath(row.id),
    }));
  },
};

export const provider: Provider<"site-diary.sections"> = provide("site-diary.sections", {
  sections: [
    incidents,
    observations,
    permits,
    talksOf("pre_start", "pre-start-talks", "safety:diary.preStartTalks"),
    talksOf("toolbox", "toolbox-talks", "safety:diary.toolboxTalks"),
    ncrs,
  ],
});
