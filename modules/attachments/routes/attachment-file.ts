import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { attachmentFile } from "../server/attachment.server";

/** The attachment's file, for whoever may view its record (checked by the owning module's permission). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return attachmentFile(context, params.id, request);
}
