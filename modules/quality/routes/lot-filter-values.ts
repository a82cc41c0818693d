import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/server/http/responses";
import { requireRoute } from "~/server/permissions/guard.server";
import { isLotSearchFilter } from "../server/lot-basics";
import { searchLotFilter } from "../server/lot-filter-search.server";

/**
 * The register's filter picker asks here, as the user types, for the lot types, ITPs or work packs of the
 * project matching the text: `?filter=type|itp|workPack&q=…` → `{ choices: [{ value, label }] }`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  const url = new URL(request.url);
  const filter = url.searchParams.get("filter");
  if (!isLotSearchFilter(filter)) throw new Response("Unknown filter", { status: 400 });
  const choices = await searchLotFilter(em, project.id, filter, url.searchParams.get("q") ?? "");
  return json({ choices });
}
