import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { diaryPath } from "../server/diary-basics";
import { uploadDiaryPhotos } from "../server/diary-photos.server";

/** Upload target of the diary's Photo and Videos modal (50 MB a file); a visit goes back to the diary. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRoute(request);
  return redirect(diaryPath(params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return uploadDiaryPhotos(await requireRoute(request), params.id, request);
}
