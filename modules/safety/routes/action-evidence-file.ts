import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadEvidence } from "../server/action-evidence.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadEvidence(await requireRoute(request), params.id, params.fileId);
}
