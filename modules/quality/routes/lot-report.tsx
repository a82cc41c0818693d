import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { formatDateTime } from "~/app/utils/format";
import { jobProgress, jobState } from "~/server/jobs/job-state";
import { enqueueJob } from "~/server/jobs/jobs.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadLotFrame } from "../server/lot-frame.server";
import { latestLotReportRun, lotReportJob, lotReportSubject } from "../server/lot-report.server";
import { useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "ui"] };

/** While the report is generating the page reloads itself, so it follows the job without JavaScript. */
const REFRESH_SECONDS = 2;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.lot.number ?? "Lot"} Download Lot | SiteProof` },
  ...(data?.report.state === "generating"
    ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]
    : []),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const lot = await loadLotFrame(context, params.id);
  const run = await latestLotReportRun(context.em, context.project.id, lot.id);
  return {
    lot,
    report: {
      state: jobState(run),
      progress: jobProgress(run),
      finishedAt: run?.finishedAt?.toISOString() ?? null,
      fileName: typeof run?.result?.fileName === "string" ? run.result.fileName : null,
    },
  };
}

/** Generate / Regenerate / Try again: asks for a new run unless one is already on its way. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const { em, project, user, locale } = context;
  const lot = await loadLotFrame(context, params.id);
  const latest = await latestLotReportRun(em, project.id, lot.id);
  if (jobState(latest) !== "generating") {
    await enqueueJob(em, {
      kind: lotReportJob,
      projectId: project.id,
      subject: lotReportSubject(lot.id),
      requestedBy: user.id,
      payload: { lotId: lot.id, locale },
    });
  }
  return new Response(null, { status: 303, headers: { Location: `/quality/lot/${lot.id}/report` } });
}

export default function LotReportPage() {
  const { lot, report } = useLoaderData<typeof loader>();
  const { t, locale } = useReportMessages();
  const ask = (label: string, variant: "primary" | "secondary" = "primary") => (
    <Form method="post">
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  );
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={`/quality/lot/${lot.id}`} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quality:report.reportPage.back")}
      </Link>
      <header className="space-y-1">
        <p className="text-sm text-slate-600">
          {lot.number} {lot.title}
        </p>
        <h1 className="text-2xl font-semibold text-slate-900">{t("quality:report.reportPage.title")}</h1>
        <p className="text-sm text-slate-600">{t("quality:report.reportPage.intro")}</p>
      </header>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" aria-live="polite">
        {report.state === "generate" ? ask(t("quality:report.reportPage.generate")) : null}
        {report.state === "generating" ? (
          <div className="space-y-2">
            <p className="font-medium text-slate-900">
              {t("quality:report.reportPage.generating", { progress: report.progress })}
            </p>
            <progress className="h-2 w-full" max={100} value={report.progress}>
              {report.progress}%
            </progress>
            <p className="text-xs text-slate-500">{t("quality:report.reportPage.generatingHint")}</p>
          </div>
        ) : null}
        {report.state === "regenerate" ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              {t("quality:report.reportPage.ready", { date: formatDateTime(report.finishedAt, locale) })}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <a href={`/quality/lot/${lot.id}/report/file`} className={buttonClass("primary")} download>
                {t("quality:report.reportPage.download")}
                {report.fileName ? <span className="sr-only"> {report.fileName}</span> : null}
              </a>
              {ask(t("quality:report.reportPage.regenerate"), "secondary")}
            </div>
          </div>
        ) : null}
        {report.state === "error" ? (
          <div className="space-y-3">
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {t("quality:report.linkGenerationFailed")}
            </p>
            {ask(t("quality:report.reportPage.retry"))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
