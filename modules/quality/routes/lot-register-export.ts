import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { writeLotRegister } from "../exports/lot-register-xlsx.server";
import { qualityFileName } from "../server/form-file-names.server";
import { iterateLots, type LotRegisterRow, parseLotRegisterQuery } from "../server/lot-register.server";

/** Rows read from the database per batch: fewer, larger batches read 100,000 lots about twice as fast. */
const BATCH_SIZE = 5000;

/**
 * The lot register as Excel, with the register's filters from the URL. The first batch is read before
 * answering, so a failing query still gets the page back with 'Link generation failed'; the rest
 * streams into the download as it is read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, locale } = await requireRoute(request);
  const url = new URL(request.url);
  const query = parseLotRegisterQuery(url.searchParams);
  const t = await serverT(locale, "quality");
  const batches = iterateLots(em, project.id, query, BATCH_SIZE);
  let first: IteratorResult<LotRegisterRow[], void>;
  try {
    first = await batches.next();
  } catch (error) {
    logError(error, request);
    return redirectWithToast(`/quality/lot${url.search}`, {
      type: "error",
      message: "quality:report.linkGenerationFailed",
    });
  }
  // The next batch is read while the current one is written.
  async function* all() {
    let current = first;
    while (!current.done) {
      const next = batches.next();
      // A failure of the read ahead surfaces when it is awaited below, not as an unhandled rejection.
      next.catch(() => undefined);
      yield current.value;
      current = await next;
    }
  }
  return xlsxResponse(
    await qualityFileName(em, project, "lotRegister", {}, "xlsx"),
    (workbook) => writeLotRegister(workbook, all(), t),
    { onError: (error) => logError(error, request) },
  );
}
