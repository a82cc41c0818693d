import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";

/** `/` is where sign-in and "Switch project" land: the home view lives at the spec's `/home-view/home`. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(`/home-view/home${new URL(request.url).search}`);
}
