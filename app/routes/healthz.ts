import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/server/http/responses";
import { requireFreeAccess } from "~/server/permissions/guard.server";
import { runtime } from "~/server/runtime.server";

/** 200 once the database answers, 503 otherwise. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  const healthy = await runtime.healthy();
  return json(
    { status: healthy ? "ok" : "error", db: healthy ? "ok" : "error" },
    { status: healthy ? 200 : 503 },
  );
}
