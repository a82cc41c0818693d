import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { toastHeader } from "~/server/http/toast.server";
import { requireUser } from "~/server/permissions/guard.server";
import { endSession } from "~/server/session/session.server";

/** Sign-out is a POST (a link or image cannot sign someone out); a GET just goes home. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, session } = await requireUser(request);
  // Deleting the session row also forgets its current project and selected module (spec 4 "Session").
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(em, session));
  headers.append("Set-Cookie", await toastHeader({ type: "info", message: "auth.signedOut" }));
  return redirect("/auth/login", { headers });
}
