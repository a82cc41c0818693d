import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import { isUuid } from "~/server/http/responses";
import type { UserContext } from "~/server/permissions/guard.server";
import { defaultTimeZoneFor, zonedDay } from "~/server/projects/time-zone";
import { mondayOf, shiftDay } from "../domain/accommodation-nights";
import { Accommodation, type IAccommodation } from "../entities";
import type { PlaceOwner } from "./accommodation.server";

/**
 * The company's shared places (project NULL), for the global settings pages (decision 047). A global page's
 * EntityManager may carry the user's current project in its filter: every query here names `project: null`
 * and switches the filter off, so a project's own place is never found from here.
 */

export const sharedOwner = (context: UserContext): PlaceOwner => ({
  em: context.em,
  projectId: null,
  actorId: context.user.id,
});

/** The shared place of a URL, or a 404 (a project's own place is not shared). */
export async function sharedAccommodationById(
  em: EntityManager,
  id: string | undefined,
): Promise<IAccommodation> {
  const place = isUuid(id)
    ? await em.findOne(Accommodation, { id, project: null }, { filters: { [PROJECT_SCOPE]: false } })
    : null;
  if (!place) throw new Response("Not found", { status: 404 });
  return place;
}

type SharedRow = {
  id: string;
  name: string;
  address: string | null;
  rooms: string | number;
  beds: string | number | null;
  projects: string | number;
  nights: string | number | null;
};

/**
 * The shared places by name, a page at a time: rooms, beds, the projects booking them this week and the nights
 * booked this week by all of them (Monday to Sunday in the product's default zone).
 */
export async function loadSharedAccommodationList(em: EntityManager, url: URL) {
  const page = pageFromSearch(url.searchParams);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const weekStart = mondayOf(zonedDay(new Date(), defaultTimeZoneFor(null)));
  const weekEnd = shiftDay(weekStart, 7);
  const where = registerWhere("a.project_id is null").search(
    `a.name::text || ' ' || coalesce(a.address, '')`,
    q,
  );
  const week = `from accommodation_booking b join accommodation_room r on r.id = b.room_id
    where r.accommodation_id = a.id and b.check_in < ?::date and b.check_out > ?::date`;
  const [rows, total] = await Promise.all([
    registerPageRows<SharedRow>(em, {
      from: "accommodation a",
      id: "a.id",
      select: `a.id, a.name, a.address,
        (select count(*) from accommodation_room r where r.accommodation_id = a.id) as rooms,
        (select sum(r.beds) from accommodation_room r where r.accommodation_id = a.id) as beds,
        (select count(distinct b.project_id) ${week}) as projects,
        (select sum(least(b.check_out, ?::date) - greatest(b.check_in, ?::date)) ${week}) as nights`,
      selectParams: [weekEnd, weekStart, weekEnd, weekStart, weekEnd, weekStart],
      where,
      order: "a.name asc, a.id asc",
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "accommodation a", where),
  ]);
  return {
    q,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    weekStart,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      rooms: Number(row.rooms),
      beds: Number(row.beds ?? 0),
      projectsThisWeek: Number(row.projects),
      nightsThisWeek: Number(row.nights ?? 0),
    })),
  };
}
export type SharedAccommodationListRow = Awaited<
  ReturnType<typeof loadSharedAccommodationList>
>["rows"][number];
