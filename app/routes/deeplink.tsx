import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  return null;
}

export default function Placeholder() {
  return <main className="p-6">…</main>;
}
