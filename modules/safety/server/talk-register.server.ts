import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import { projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { TalkKind } from "../domain/talk-fields";
import { registerLocations } from "./register-locations.server";
import { readTalkQuery, type TalkQuery } from "./talk-rules";
import { kindsAllowed } from "./talks.server";

/**
 * The meetings register: one tab per kind the user may view, search by number or topic, filters (location
 * with the places below it, supervisor, days), order and page from the URL, as one SQL query on the talk
 * table's indexes (project, kind, sequence / held day) and its trigram index.
 */

function whereFor(projectId: string, query: TalkQuery, locationIds: readonly string[] | null) {
  return registerWhere("t.project_id = ? and t.kind = ?", projectId, query.tab)
    .search(`t."number"::text || ' ' || t."title"::text`, query.q)
    .within("t.location_id", locationIds)
    .equals("t.supervisor_id", query.supervisor)
    .atLeast("t.held_on", query.from)
    .atMost("t.held_on", query.to);
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
  const [rows, total, members, used] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_talk t",
      id: "t.id",
      select: `t.id, t."number", t.kind, t.title, t.held_on, t.location_id, supervisor.name as supervisor,
               (select count(*) from safety_talk_attendee a where a.talk_id = t.id) as attendees`,
      joins: "left join app_user supervisor on supervisor.id = t.supervisor_id",
      where,
      order: `${ORDER[query.sort]} ${direction}, t.sequence ${direction}`,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "safety_talk t", where),
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
    total,
    filters: {
      members,
      locations: places.choices(used.map((row) => row.location_id)),
    },
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      title: row.title,
      heldOn: dayOfDateColumn(row.held_on),
      location: places.nameOf(row.location_id),
      supervisor: row.supervisor,
      attendees: Number(row.attendees),
    })),
  };
}
export type TalkRegisterRow = Awaited<ReturnType<typeof loadTalkRegister>>["rows"][number];
