import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return null;
}

export default function Page() {
  return null;
}
