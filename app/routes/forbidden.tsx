import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ForbiddenPage } from "~/app/pages/forbidden-page";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export const meta: MetaFunction = () => [{ title: "Permission Denied | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  return data(null, { status: 403 });
}

export default ForbiddenPage;
