import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { microsoftSignInEnabled } from "~/plugins/microsoft-auth/config.server";
import { publicRoute } from "~/server/permissions/guard.server";

/** Starts Microsoft sign-in (OpenID Connect). */
export async function loader({ request }: LoaderFunctionArgs) {
  await publicRoute(request);
  if (!microsoftSignInEnabled()) return redirect("/auth/login?error=microsoftNotConfigured");
  return redirect("/auth/login?error=microsoftFailed");
}
