import type { LoaderFunctionArgs } from "@remix-run/node";
import { safeFileNamePart } from "~/server/exports/file-names";
import { xlsxResponse } from "~/server/exports/xlsx.server";
import { logError } from "~/server/http/log";
import { requireRoute } from "~/server/permissions/guard.server";
import { writeDiaryRegister } from "../exports/site-diary-register-xlsx.server";
import { iterateDiaries } from "../server/diary-register.server";
import { diaryText } from "../server/diary-text.server";

/** The site diary register as Excel: the register's search, filters and order from the URL, every page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const t = await diaryText(context.locale);
  return xlsxResponse(
    `${safeFileNamePart(`${context.project.number} ${t("export.fileName")}`)}.xlsx`,
    (workbook) => writeDiaryRegister(workbook, iterateDiaries(context, new URL(request.url)), t),
    { onError: (error) => logError(error, request) },
  );
}
