import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { uploadEvidence } from "../server/action-evidence.server";
import { actionPath } from "../server/action-rules";

/** Upload target of an action's evidence (the form is on the action's page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(actionPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadEvidence(await requireRoute(request), params.id, request);
}
