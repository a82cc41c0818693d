import type { LoaderFunctionArgs } from "@remix-run/node";
import { externalRoute } from "~/server/permissions/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await externalRoute(request);
  return null;
}

export default function Page() {
  return null;
}
