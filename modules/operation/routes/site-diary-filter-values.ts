import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchMembers } from "~/server/filters/searched-filters.server";
import { json } from "~/server/http/responses";
import { searchLocations } from "~/server/locations/location-search.server";
import { requireRoute } from "~/server/permissions/guard.server";

/**
 * The register's searched filters ask here as the user types: `?q=…` → the project's locations matching the
 * text, `?filter=assignee&q=…` → its members: `{ choices: [{ value, label }] }`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  const params = new URL(request.url).searchParams;
  const text = params.get("q") ?? "";
  const choices =
    params.get("filter") === "assignee"
      ? await searchMembers(em, project.id, text)
      : await searchLocations(em, project.id, text);
  return json({ choices });
}
