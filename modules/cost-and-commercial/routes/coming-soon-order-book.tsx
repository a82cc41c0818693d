import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { ComingSoon } from "../ui/coming-soon-page";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Order book | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return null;
}

/** /cost-and-commercial/order-book: a placeholder the spec names (coming soon). */
export default function ComingSoonPage() {
  return <ComingSoon page="orderBook" />;
}
