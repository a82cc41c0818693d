import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { incidentEditPath } from "../server/incident-basics";
import { uploadInjuredFiles } from "../server/incident-files.server";

/** Upload target of an injured person's photos and videos (the form is on the injury step); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(incidentEditPath(params.incidentId ?? "", "injury"));
}

/** A multipart post (the files): read by the core's parseUpload, not readForm. */
export async function action({ request, params }: ActionFunctionArgs) {
  return uploadInjuredFiles(await requireRoute(request), params.incidentId, params.personId, request);
}
