import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDateTime } from "~/app/utils/format";
import type { JobState } from "~/server/jobs/job-state";

/** While the report is generating the page reloads itself, so it follows the job without JavaScript. */
const REFRESH_SECONDS = 2;

/** The page's meta: its title, and the self-refresh while the job works. */
export function reportPageMeta(title: string, state: JobState | undefined) {
  return [
    { title: `${title} | SiteProof` },
    ...(state === "generating" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
  ];
}

export type ReportPageStatus = {
  state: JobState;
  progress: number;
  finishedAt: string | null;
  fileName: string | null;
};

/**
 * A record's report page (server/jobs/report-job.server.ts): Generate, the progress while the job works,
 * Download and Regenerate once done, the error and Try again. Plain forms and links, so it works without
 * JavaScript; the record's own words (title, what the report holds, the way back) come from its module.
 */
export function ReportJobPage(props: {
  back: { to: string; label: string };
  record: string;
  title: string;
  intro: string;
  report: ReportPageStatus;
  fileHref: string;
}) {
  const { t, locale } = usePageText(["jobs"]);
  const { report } = props;
  const ask = (label: string, variant: "primary" | "secondary" = "primary") => (
    <Form method="post">
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  );
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={props.back.to} className="text-sm font-medium text-brand-700 hover:underline">
        ← {props.back.label}
      </Link>
      <header className="space-y-1">
        <p className="text-sm text-slate-600">{props.record}</p>
        <h1 className="text-2xl font-semibold text-slate-900">{props.title}</h1>
        <p className="text-sm text-slate-600">{props.intro}</p>
      </header>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" aria-live="polite">
        {report.state === "generate" ? ask(t("jobs:reportPage.generate")) : null}
        {report.state === "generating" ? (
          <div className="space-y-2">
            <p className="font-medium text-slate-900">
              {t("jobs:reportPage.generating", { progress: report.progress })}
            </p>
            <progress className="h-2 w-full" max={100} value={report.progress}>
              {report.progress}%
            </progress>
            <p className="text-xs text-slate-500">{t("jobs:reportPage.generatingHint")}</p>
          </div>
        ) : null}
        {report.state === "regenerate" ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              {t("jobs:reportPage.ready", { date: formatDateTime(report.finishedAt, locale) })}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <a href={props.fileHref} className={buttonClass("primary")} download>
                {t("jobs:reportPage.download")}
                {report.fileName ? <span className="sr-only"> {report.fileName}</span> : null}
              </a>
              {ask(t("jobs:reportPage.regenerate"), "secondary")}
            </div>
          </div>
        ) : null}
        {report.state === "error" ? (
          <div className="space-y-3">
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {t("jobs:linkGenerationFailed")}
            </p>
            {ask(t("jobs:reportPage.retry"))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
