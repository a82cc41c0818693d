import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/server/http/responses";
import { searchLocations } from "~/server/locations/location-search.server";
import { requireRoute } from "~/server/permissions/guard.server";

/** The register's area filter asks here as the user types: `?q=…` → `{ choices: [{ value, label }] }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  const text = new URL(request.url).searchParams.get("q") ?? "";
  return json({ choices: await searchLocations(em, project.id, text) });
}
