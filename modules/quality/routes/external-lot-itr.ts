import type { LoaderFunctionArgs } from "@remix-run/node";
import { externalRoute } from "~/server/permissions/guard.server";
import { externalItrFile } from "../server/lot-review-link.server";

/** An ITR of the lot for the client of an open link of the lot (points or review); 404/410 otherwise. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return externalItrFile(context, params.lotId, params.itrId, token);
}
