import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildCalendarTemplate } from "../server/calendar-import";

/** The XLSX template of an uploaded calendar: its columns and an example row. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  const bytes = await buildCalendarTemplate();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="calendar-template.xlsx"',
      "Content-Length": String(bytes.length),
    },
  });
}
