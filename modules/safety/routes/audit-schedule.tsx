import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  AUDIT_INTENTS,
  registerPath,
  SCHEDULE_TABS,
  type ScheduleTab,
  scheduleEditPath,
  schedulePath,
} from "../server/audit-basics";
import { loadScheduleDetail } from "../server/audit-detail.server";
import { deleteReport, generateReport, transitionSchedule } from "../server/audit-reports.server";
import { saveSchedule, scheduleById } from "../server/audits.server";
import { AuditScheduleForm } from "../ui/audit-schedule-form";
import {
  ScheduleCompilation,
  ScheduleCriteria,
  ScheduleDetails,
  ScheduleReports,
  ScheduleSteps,
} from "../ui/audit-schedule-view";
import { ScheduleStatusBadge, useAuditText } from "../ui/audit-status";

export const handle = { i18n: ["safety", "common", "uploads", "jobs"] };

/** While the report is generating the page reloads itself, so it follows the job without JavaScript. */
const REFRESH_SECONDS = 2;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.schedule.number ?? "Audit"} | SiteProof` },
  ...(data?.schedule.reports?.state === "generating"
    ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]
    : []),
];

const TABS = SCHEDULE_TABS.map((value) => ({ value, label: value }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const loaded = await scheduleById(context, params.id);
  const search = new URL(request.url).searchParams;
  const tab = (selectedLinkTab(search, TABS) ?? "details") as ScheduleTab;
  const editing = search.get("edit") === "true";
  return { schedule: await loadScheduleDetail(context, loaded, tab, editing), tab, editing };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is declared in the manifest; who the user is to the schedule is checked by each.
  const intent = requireIntent(context, formData);
  const loaded = await scheduleById(context, params.id);
  if (intent === AUDIT_INTENTS.transition) return transitionSchedule(context, loaded, formData);
  if (intent === AUDIT_INTENTS.save) return saveSchedule(context, loaded, formData);
  if (intent === AUDIT_INTENTS.generate) return generateReport(context, loaded);
  if (intent === AUDIT_INTENTS.fileDelete) return deleteReport(context, loaded, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function AuditSchedulePage() {
  const { schedule, tab, editing } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAuditText();
  const content =
    tab === "criteria" ? (
      <ScheduleCriteria schedule={schedule} />
    ) : tab === "report" ? (
      <ScheduleReports schedule={schedule} />
    ) : tab === "compilation" ? (
      <ScheduleCompilation schedule={schedule} />
    ) : editing && schedule.form ? (
      <AuditScheduleForm
        kind={schedule.kind}
        mode="edit"
        choices={schedule.form.choices}
        defaultValue={schedule.form.values}
        lastResult={lastResult}
        cancelTo={schedulePath(schedule.id)}
      />
    ) : (
      <ScheduleDetails schedule={schedule} />
    );
  return (
    <DetailPage
      back={{ to: registerPath(schedule.kind), label: t(`safety:audit.detail.back.${schedule.kind}`) }}
      title={`${schedule.number} ${schedule.task}`}
      meta={<ScheduleStatusBadge status={schedule.status} />}
      actions={
        schedule.canEdit && !editing ? (
          <Link to={scheduleEditPath(schedule.id)} className={buttonClass("secondary")}>
            {t("safety:audit.detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<ScheduleSteps schedule={schedule} />}
    >
      <LinkTabs
        label={t("safety:audit.detail.tabsLabel")}
        tabs={SCHEDULE_TABS.map((value) => ({ value, label: t(`safety:audit.detail.tabs.${value}`) }))}
      >
        {content}
      </LinkTabs>
    </DetailPage>
  );
}
