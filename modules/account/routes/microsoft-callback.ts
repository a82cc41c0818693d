import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { findUserForMicrosoftIdentity } from "~/plugins/microsoft-auth/accounts.server";
import { microsoftSignInEnabled } from "~/plugins/microsoft-auth/config.server";
import {
  clearSignInFlowCookie,
  completeMicrosoftSignIn,
  MicrosoftSignInFailed,
} from "~/plugins/microsoft-auth/oidc.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { publicRoute } from "~/server/permissions/guard.server";
import { selectSoleProject, startSession } from "~/server/session/session.server";

/** Where the Microsoft identity provider sends the browser back after sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em } = await publicRoute(request);
  if (!microsoftSignInEnabled()) return redirect("/auth/login?error=microsoftNotConfigured");
  // The attempt is single-use whatever the outcome.
  const headers = new Headers({ "Set-Cookie": await clearSignInFlowCookie() });
  let completed: Awaited<ReturnType<typeof completeMicrosoftSignIn>>;
  try {
    completed = await completeMicrosoftSignIn(request);
  } catch (error) {
    if (!(error instanceof MicrosoftSignInFailed)) throw error;
    return redirect("/auth/login?error=microsoftFailed", { headers });
  }
  const user = await findUserForMicrosoftIdentity(em, completed.identity);
  if (!user) {
    // A verified identity without an account here: recorded (it took a real sign-in at the provider).
    recordSecurityEvent(em, {
      kind: "sign-in.failed",
      subjectEmail: completed.identity.verifiedEmail,
      details: { method: "microsoft", reason: "no-account" },
    });
    await em.flush();
    return redirect("/auth/login?error=microsoftNoAccount", { headers });
  }
  recordSecurityEvent(em, {
    kind: "sign-in.succeeded",
    actorId: user.id,
    subjectUserId: user.id,
    subjectEmail: user.email,
    details: { method: "microsoft" },
  });
  // Like a password sign-in without "Stay signed in": the Microsoft button offers no such choice.
  const { session, setCookie } = await startSession(em, {
    userId: user.id,
    remember: false,
    userAgent: request.headers.get("User-Agent"),
  });
  await selectSoleProject(em, session);
  headers.append("Set-Cookie", setCookie);
  return redirect(completed.redirectTo, { headers });
}
