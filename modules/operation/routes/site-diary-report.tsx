import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportJobPage, reportPageMeta } from "~/app/ui/report-job-page";
import { requireRoute } from "~/server/permissions/guard.server";
import { diaryById } from "../server/diaries.server";
import { diaryPath, diaryReportPath } from "../server/diary-basics";
import { diaryReport } from "../server/diary-report.server";
import { useDiaryText } from "../ui/diary-status";

export const handle = { i18n: ["operation", "common", "jobs"] };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  reportPageMeta(`${data?.diary.number ?? "Site diary"} PDF`, data?.report.state);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const diary = await diaryById(context, params.id);
  return {
    diary: { id: diary.id, number: diary.number },
    report: await diaryReport.status(context.em, context.project.id, diary.id),
  };
}

/** Generate / Regenerate / Try again: asks for a new run unless one is already on its way. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const diary = await diaryById(context, params.id);
  await diaryReport.request(context.em, {
    projectId: context.project.id,
    recordId: diary.id,
    userId: context.user.id,
    locale: context.locale,
  });
  return new Response(null, { status: 303, headers: { Location: diaryReportPath(diary.id) } });
}

export default function SiteDiaryReportPage() {
  const { diary, report } = useLoaderData<typeof loader>();
  const { t } = useDiaryText();
  return (
    <ReportJobPage
      back={{ to: diaryPath(diary.id), label: t("operation:diary.report.back") }}
      record={diary.number}
      title={t("operation:diary.report.title")}
      intro={t("operation:diary.report.intro")}
      report={report}
      fileHref={`${diaryReportPath(diary.id)}/file`}
    />
  );
}
