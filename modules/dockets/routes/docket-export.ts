import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { writeDocketRegister } from "../server/docket-export.server";
import { iterateDockets } from "../server/docket-register.server";

/** The docket register as Excel, streamed: its tab, search, filters and order from the URL, every page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const t = await serverT(context.locale, "dockets");
  const day = new Date().toISOString().slice(0, 10);
  return xlsxResponse(
    `dockets-${day}.xlsx`,
    (workbook) => writeDocketRegister(workbook, iterateDockets(context, new URL(request.url)), t),
    { onError: (error) => logError(error, request) },
  );
}
