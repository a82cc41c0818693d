import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { observationPath } from "../server/observation-basics";
import { uploadPhotos } from "../server/observation-photos.server";

/** Upload target of an observation's photos (the form is on its page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(observationPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadPhotos(await requireRoute(request), params.id, request);
}
