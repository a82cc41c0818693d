import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/server/exports/pdf.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildItpPdf, loadItpExport } from "../exports/itp-export.server";
import { qualityFileName } from "../server/form-file-names.server";

/** The ITP as a PDF, built whole before answering so a failure comes back as a message, not a broken file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project, locale } = await requireRoute(request, params);
  const data = await loadItpExport(em, project.id, params.id);
  try {
    const bytes = await buildItpPdf(data, await serverT(locale, "quality"), locale);
    return pdfResponse(bytes, await qualityFileName(em, project, "itpReport", data.itp, "pdf"));
  } catch (error) {
    logError(error, request);
    return redirectWithToast(`/quality/itp/${data.itp.id}`, {
      type: "error",
      message: "quality:report.linkGenerationFailed",
    });
  }
}
