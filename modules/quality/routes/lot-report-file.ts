import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileStorage } from "~/plugins/storage/index.server";
import { PDF_CONTENT_TYPE } from "~/server/exports/pdf.server";
import { invariantResponse } from "~/server/http/responses";
import { requireRoute } from "~/server/permissions/guard.server";
import { contentDisposition } from "~/server/uploads/attachments.server";
import { loadLotFrame } from "../server/lot-frame.server";
import { latestLotReport } from "../server/lot-report.server";

/** The latest completed lot report, streamed from storage; 404 while none has been generated. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const lot = await loadLotFrame(context, params.id);
  const run = await latestLotReport(context.em, context.project.id, lot.id);
  const storageKey = run?.result?.storageKey;
  invariantResponse(typeof storageKey === "string", "No report has been generated for this lot");
  const stored = await fileStorage().get(storageKey);
  invariantResponse(stored, "The report file is gone; generate it again");
  const fileName =
    typeof run?.result?.fileName === "string" ? run.result.fileName : `${lot.number}-dossier.pdf`;
  return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": PDF_CONTENT_TYPE,
      "Content-Length": String(stored.size),
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
