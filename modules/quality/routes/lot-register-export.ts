import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return new Response(null, { status: 404 });
}
