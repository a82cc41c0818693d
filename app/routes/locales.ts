import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/server/http/responses";
import { isLocale } from "~/server/i18n/locale";
import { resources } from "~/server/i18n/resources";
import { requireFreeAccess } from "~/server/permissions/guard.server";

/** One namespace of one locale, for the browser's i18next. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  const { lng, ns } = params;
  if (!isLocale(lng) || !ns) return json({ error: "Unknown locale" }, { status: 404 });
  const bundle = resources()[lng][ns];
  return json(bundle ?? {}, { headers: { "Cache-Control": "public, max-age=300" } });
}
