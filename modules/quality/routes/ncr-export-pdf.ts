import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/server/exports/pdf.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildNcrPdf, loadNcrExport } from "../exports/ncr-export.server";
import { qualityFileName } from "../server/form-file-names.server";
import { ncrPath } from "../server/ncr-rules";

/** The NCR as a PDF, built whole before answering so a failure comes back as a message, not a broken file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project, locale } = await requireRoute(request, params);
  const data = await loadNcrExport(em, project.id, params.id);
  try {
    const bytes = await buildNcrPdf(data, await serverT(locale, "quality"), locale);
    return pdfResponse(bytes, await qualityFileName(em, project, "ncrReport", data.ncr, "pdf"));
  } catch (error) {
    logError(error, request);
    return redirectWithToast(ncrPath(data.ncr.id), {
      type: "error",
      message: "quality:report.linkGenerationFailed",
    });
  }
}
