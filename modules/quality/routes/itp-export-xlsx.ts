import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxHeaders } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildItpWorkbook, loadItpExport } from "../exports/itp-export.server";
import { qualityFileName } from "../server/form-file-names.server";

/** The ITP as a workbook in the import template's layout, built whole before answering (it is small). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request, params);
  const data = await loadItpExport(em, project.id, params.id);
  try {
    const bytes = await buildItpWorkbook(data);
    const headers = xlsxHeaders(await qualityFileName(em, project, "itpReport", data.itp, "xlsx"));
    headers.set("Content-Length", String(bytes.length));
    return new Response(new Uint8Array(bytes), { headers });
  } catch (error) {
    logError(error, request);
    return redirectWithToast(`/quality/itp/${data.itp.id}`, {
      type: "error",
      message: "quality:report.linkGenerationFailed",
    });
  }
}
