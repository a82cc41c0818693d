import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { microsoftSignInEnabled } from "~/plugins/microsoft-auth/config.server";
import { beginMicrosoftSignIn, warnSignInFailure } from "~/plugins/microsoft-auth/oidc.server";
import { publicRoute } from "~/server/permissions/guard.server";

/** Starts Microsoft sign-in (OpenID Connect): sends the browser to the provider's sign-in page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await publicRoute(request);
  if (!microsoftSignInEnabled()) return redirect("/auth/login?error=microsoftNotConfigured");
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  let start: Awaited<ReturnType<typeof beginMicrosoftSignIn>>;
  try {
    start = await beginMicrosoftSignIn(redirectTo);
  } catch (error) {
    // The provider could not be reached or described itself wrongly: the person can still use a password.
    warnSignInFailure(error, request);
    return redirect("/auth/login?error=microsoftFailed");
  }
  return redirect(start.authorizationUrl, { headers: { "Set-Cookie": start.setCookie } });
}
