import type { EntityManager } from "@mikro-orm/postgresql";
import { containsPattern } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import type { MemberChoice } from "~/server/members/project-members.server";

/**
 * A register's member filter (assignee, raiser…), searched rather than listed: a project of hundreds of
 * members would put every one in the page. The picker (app/ui/search-filter) asks for the members whose name
 * holds what the user types; without JavaScript the typed text is sent with the filter form and the register
 * turns it into the same members. The location filter's twin is server/locations/location-search.server.ts.
 */

/** Enough to pick from while typing; a longer list means the text should be longer. */
export const MEMBER_SEARCH_LIMIT = 20;

/** The project's active members whose name contains the text (any case), by name. */
export function searchMembers(
  em: EntityManager,
  projectId: string,
  text: string,
  limit = MEMBER_SEARCH_LIMIT,
): Promise<MemberChoice[]> {
  return em.execute<MemberChoice[]>(
    `select u.id as value, u.name as label
     from project_member m join app_user u on u.id = m.user_id
     where m.project_id = ? and u.is_active and u.name ilike ?
     order by u.name, u.id limit ?`,
    [projectId, containsPattern(text.trim().slice(0, 200)), limit],
  );
}

/** The chosen members of a register's URL with their names (their ticked boxes); others' ids are left out. */
export async function memberFilter(
  em: EntityManager,
  projectId: string,
  chosenIds: readonly string[],
): Promise<{ chosen: MemberChoice[]; ids: string[] | null }> {
  const wanted = [...new Set(chosenIds.filter(isUuid))];
  if (wanted.length === 0) return { chosen: [], ids: chosenIds.length ? [] : null };
  const chosen = await em.execute<MemberChoice[]>(
    `select u.id as value, u.name as label
     from project_member m join app_user u on u.id = m.user_id
     where m.project_id = ? and u.id in (${wanted.map(() => "?").join(", ")})
     order by u.name, u.id`,
    [projectId, ...wanted],
  );
  return { chosen, ids: chosen.map((member) => member.value) };
}

/**
 * Turns a searched filter's typed text (sent without JavaScript) into the values it matches, as URL params:
 * the register redirects to the URL with them, or shows the text as unmatched when nothing matched.
 */
export async function typedFilterRedirect(
  url: URL,
  filters: readonly {
    textParam: string;
    param: string;
    search: (text: string) => Promise<readonly { value: string }[]>;
  }[],
): Promise<{ redirectTo: string | null; unmatched: Record<string, string> }> {
  const next = new URLSearchParams(url.searchParams);
  const unmatched: Record<string, string> = {};
  let changed = false;
  for (const filter of filters) {
    const typed = (url.searchParams.get(filter.textParam) ?? "").trim();
    if (!typed) continue;
    const found = await filter.search(typed);
    if (found.length === 0) {
      unmatched[filter.param] = typed;
      continue;
    }
    next.delete(filter.textParam);
    for (const { value } of found)
      if (!next.getAll(filter.param).includes(value)) next.append(filter.param, value);
    changed = true;
  }
  if (!changed) return { redirectTo: null, unmatched };
  next.delete("page");
  return { redirectTo: `${url.pathname}?${next}`, unmatched };
}
