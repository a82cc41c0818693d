import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { diaryById } from "../server/diaries.server";
import { diaryReport } from "../server/diary-report.server";

/** The latest PDF of the diary, streamed from storage; 404 while none has been generated. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const diary = await diaryById(context, params.id);
  return diaryReport.fileResponse(context.em, context.project.id, diary.id, `${diary.number}.pdf`);
}
