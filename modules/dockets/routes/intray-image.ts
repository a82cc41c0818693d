import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { intrayImage } from "../server/intray.server";

/** An intray item's photo or scan (its thumbnail and full view), for those who see the intray. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return intrayImage(context, params.id);
}
