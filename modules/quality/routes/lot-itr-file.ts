import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { itrFile } from "../server/lot-itrs.server";

/** The ITR's file as a download (Content-Disposition: attachment). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return itrFile(context, params.lotId, params.itrId);
}
