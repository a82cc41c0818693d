import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { observationPath } from "../server/observation-basics";
import { uploadPhotos } from "../server/observation-photos.server";
import { canAddPhotos, observationById } from "../server/observations.server";

/** Upload target of an observation's photos (the form is on its page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(observationPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const observation = await observationById(context, params.id);
  return uploadPhotos(context, observation, canAddPhotos(context, observation), request);
}
