import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGlobalRoute(request);
  return null;
}

export default function Placeholder() {
  return <p>…</p>;
}
