import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxHeaders } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildNcrRegisterWorkbook } from "../exports/ncr-export.server";
import { qualityFileName } from "../server/form-file-names.server";
import { NCR_PATH } from "../server/ncr-rules";

/** The NCR register's current tab, search and filter as a workbook. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, locale } = await requireRoute(request);
  try {
    const bytes = await buildNcrRegisterWorkbook(
      em,
      project.id,
      new URL(request.url),
      await serverT(locale, "quality"),
    );
    const headers = xlsxHeaders(await qualityFileName(em, project, "ncrRegister", {}, "xlsx"));
    headers.set("Content-Length", String(bytes.length));
    return new Response(new Uint8Array(bytes), { headers });
  } catch (error) {
    logError(error, request);
    return redirectWithToast(NCR_PATH, { type: "error", message: "quality:report.linkGenerationFailed" });
  }
}
