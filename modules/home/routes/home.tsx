import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadHomePage } from "../server/home-page.server";
import { HomePage } from "../ui/home-page";

export const meta: MetaFunction = () => [{ title: "Home | SiteProof" }];
export const handle = { i18n: ["home"] };

/** The home view at the spec's address (`/` shows the same page: routes/home-root.tsx). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadHomePage(await requireRoute(request), new URL(request.url));
}

export default HomePage;
