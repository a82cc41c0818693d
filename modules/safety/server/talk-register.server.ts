import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { containsPattern } from "~/server/db/like";
import { projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { TalkKind } from "../domain/talk-fields";
import { dayText } from "./observations.server";
import { registerLocations } from "./register-locations.server";
import { readTalkQuery, type TalkQuery } from "./talk-rules";
import { kindsAllowed } from "./talks.server";

/**
 * The meetings register: one tab per kind the user may view, search by number or topic, filters (location
 * with the places below it, supervisor, days), order and page from the URL, as one SQL query on the talk
 * table's indexes (project, kind, sequence / held day) and its trigram index.
 */

type Where = { sql: string; params: unknown[] };

function whereFor(projectId: string, query: TalkQuery, locationIds: readonly string[] | null): Where {
  const clauses = ["t.project_id = ?", "t.kind = ?"];
  const params: unknown[] = [projectId, query.tab];
  if (query.q) {
    clauses.push(`((t."number"::text || ' ' || t."title"::text) ilike ?)`);
    params.push(containsPattern(query.q));
  }
  if (locationIds) {
    clauses.push(`t.location_id in (${locationIds.map(() => "?").join(", ")})`);
    params.push(...locationIds);
  }
  if (query.supervisor) {
    clauses.push("t.supervisor_id = ?");
    params.push(query.supervisor);
  }
  if (query.from) {
    clauses.push("t.held_on >= ?");
    params.push(query.from);
  }
  if (query.to) {
    clauses.push("t.held_on <= ?");
    params.push(query.to);
  }
  return { sql: clauses.join(" and "), params };
}

const ORDER: Record<TalkQuery["sort"], string> = { number: "t.sequence", heldOn: "t.held_on" };

type RawRow = {
  id: string;
  number: string;
  kind: TalkKind;
  title: string;
  held_on: string | Date;
  location_id: string | null;
  supervisor: string | null;
  attendees: string | number;
};

export async function loadTalkRegister(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const tabs = kindsAllowed(context, "view");
  const query = readTalkQuery(url.searchParams, tabs);
  const page = pageFromSearch(url.searchParams);
  const places = await registerLocations(em, project.id, query.location);
  const where = whereFor(project.id, query, places.ids);
  const direction = query.dir === "asc" ? "asc" : "desc";
  const [rows, counted, members, used] = await Promise.all([
    em.execute<RawRow[]>(
      `select t.id, t."number", t.kind, t.title, t.held_on, t.location_id, supervisor.name as supervisor,
              (select count(*) from safety_talk_attendee a where a.talk_id = t.id) as attendees
       from safety_talk t
       left join app_user supervisor on supervisor.id = t.supervisor_id
       where ${where.sql}
       order by ${ORDER[query.sort]} ${direction}, t.sequence ${direction}
       limit ? offset ?`,
      [...where.params, DEFAULT_PAGE_SIZE, (page - 1) * DEFAULT_PAGE_SIZE],
    ),
    em.execute<{ total: string | number }[]>(
      `select count(*) as total from safety_talk t where ${where.sql}`,
      where.params,
    ),
    projectMemberChoices(em, project.id),
    em.execute<{ location_id: string }[]>(
      `select distinct location_id from safety_talk where project_id = ? and location_id is not null`,
      [project.id],
    ),
  ]);
  return {
    tabs,
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total: Number(counted[0]?.total ?? 0),
    filters: {
      members,
      locations: places.choices(used.map((row) => row.location_id)),
    },
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      title: row.title,
      heldOn: dayText(row.held_on),
      location: places.nameOf(row.location_id),
      supervisor: row.supervisor,
      attendees: Number(row.attendees),
    })),
  };
}
export type TalkRegisterRow = Awaited<ReturnType<typeof loadTalkRegister>>["rows"][number];
