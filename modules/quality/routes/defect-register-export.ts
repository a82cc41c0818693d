import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { writeDefectRegister } from "../exports/defect-register-xlsx.server";
import { iterateDefects } from "../server/defects.server";
import { qualityFileName } from "../server/form-file-names.server";

/** The punch list as Excel: the register's tab, search, filters and order from the URL, every page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const t = await serverT(context.locale, "quality");
  return xlsxResponse(
    await qualityFileName(context.em, context.project, "defectRegister", {}, "xlsx"),
    (workbook) => writeDefectRegister(workbook, iterateDefects(context, new URL(request.url)), t),
    { onError: (error) => logError(error, request) },
  );
}
