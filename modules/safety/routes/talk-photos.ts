import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { talkPath } from "../server/talk-basics";
import { uploadTalkPhotos } from "../server/talk-photos.server";

/** Upload target of a talk's group photos (the form is on its page); a visit goes back there. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(talkPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadTalkPhotos(await requireRoute(request), params.id, request);
}
