import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { publicRoute } from "~/server/permissions/guard.server";

/** Where the Microsoft identity provider sends the browser back after sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  await publicRoute(request);
  return redirect("/auth/login?error=microsoftFailed");
}
