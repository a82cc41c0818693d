import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfResponse } from "~/server/exports/pdf.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildDefectPdf, defectPhotos } from "../exports/defect-pdf.server";
import { defectPath } from "../server/defect-rules";
import { defectById, loadDefectDetail } from "../server/defects.server";
import { qualityFileName } from "../server/form-file-names.server";

/** One defect as a PDF with its photos, built whole before answering so a failure comes back as a message. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const defect = await defectById(context, params.id);
  const detail = await loadDefectDetail(context, defect);
  try {
    const bytes = await buildDefectPdf(
      { defect: detail, photos: await defectPhotos(context, defect.id), project: context.project },
      await serverT(context.locale, "quality"),
      context.locale,
    );
    return pdfResponse(
      bytes,
      await qualityFileName(context.em, context.project, "defectReport", defect, "pdf"),
    );
  } catch (error) {
    logError(error, request);
    return redirectWithToast(defectPath(defect.id), {
      type: "error",
      message: "quality:report.linkGenerationFailed",
    });
  }
}
