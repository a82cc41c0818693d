import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { writeConformanceRegister } from "../exports/lot-conformance-xlsx.server";
import { qualityFileName } from "../server/form-file-names.server";
import { type ConformanceRow, iterateConformance } from "../server/lot-conformance.server";

/**
 * The conformance register as Excel: every lot with its open hold points and open NCRs. Like the lot
 * register's export, the first batch is read before answering (a failing query returns to the register
 * with 'Link generation failed') and the rest streams, the next batch read while one is written.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, locale } = await requireRoute(request);
  const t = await serverT(locale, "quality");
  const batches = iterateConformance(em, project.id);
  let first: IteratorResult<ConformanceRow[], void>;
  try {
    first = await batches.next();
  } catch (error) {
    logError(error, request);
    return redirectWithToast("/quality/lot", {
      type: "error",
      message: "quality:report.linkGenerationFailed",
    });
  }
  async function* all() {
    let current = first;
    while (!current.done) {
      const next = batches.next();
      next.catch(() => undefined);
      yield current.value;
      current = await next;
    }
  }
  return xlsxResponse(
    await qualityFileName(em, project, "conformanceRegister", {}, "xlsx"),
    (workbook) => writeConformanceRegister(workbook, all(), t),
    { onError: (error) => logError(error, request) },
  );
}
