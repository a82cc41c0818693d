import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportJobPage, reportPageMeta } from "~/app/ui/report-job-page";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadLotFrame } from "../server/lot-frame.server";
import { lotReport } from "../server/lot-report.server";
import { useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "ui", "jobs"] };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  reportPageMeta(`${data?.lot.number ?? "Lot"} Download Lot`, data?.report.state);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const lot = await loadLotFrame(context, params.id);
  return { lot, report: await lotReport.status(context.em, context.project.id, lot.id) };
}

/** Generate / Regenerate / Try again: asks for a new run unless one is already on its way. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const lot = await loadLotFrame(context, params.id);
  await lotReport.request(context.em, {
    projectId: context.project.id,
    recordId: lot.id,
    userId: context.user.id,
    locale: context.locale,
  });
  return new Response(null, { status: 303, headers: { Location: `/quality/lot/${lot.id}/report` } });
}

export default function LotReportPage() {
  const { lot, report } = useLoaderData<typeof loader>();
  const { t } = useReportMessages();
  return (
    <ReportJobPage
      back={{ to: `/quality/lot/${lot.id}`, label: t("quality:report.reportPage.back") }}
      record={`${lot.number} ${lot.title}`}
      title={t("quality:report.reportPage.title")}
      intro={t("quality:report.reportPage.intro")}
      report={report}
      fileHref={`/quality/lot/${lot.id}/report/file`}
    />
  );
}
