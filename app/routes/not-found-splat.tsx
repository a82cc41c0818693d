import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NotFoundPage } from "~/app/pages/not-found-page";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export const meta: MetaFunction = () => [{ title: "Page Not Found | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  return data(null, { status: 404 });
}

export default NotFoundPage;
