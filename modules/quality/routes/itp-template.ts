import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildItpTemplateWorkbook } from "../server/itp-import.server";

/** The workbook to fill in for "Upload XLSX": the same labels the import reads. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  const workbook = await buildItpTemplateWorkbook();
  return new Response(new Uint8Array(workbook), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="itp-template.xlsx"',
      "Content-Length": String(workbook.length),
      "Cache-Control": "no-store",
    },
  });
}
