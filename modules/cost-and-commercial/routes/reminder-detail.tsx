import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { requireRoute } from "~/server/permissions/guard.server";
import { UPSTREAM_SCHEDULES_PATH } from "../server/calendar-basics";
import { reminderById, reminderPage } from "../server/reminders.server";
import { UpstreamActivity } from "../ui/head-claim-view";
import { useRecurrenceText } from "../ui/reminder-text";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.reminder.number ?? "Reminder"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return reminderPage(context, await reminderById(context, params.reminderId));
}

/** A schedule or reminder: its fields, its next occurrences, the one last e-mailed, its history. */
export default function ReminderPage() {
  const { reminder, canEdit, activity } = useLoaderData<typeof loader>();
  const { t, day } = useUpstreamText();
  const recurrence = useRecurrenceText();
  const f = (name: string) => t(`cost-and-commercial:reminders.fields.${name}`);
  return (
    <DetailPage
      back={{ to: UPSTREAM_SCHEDULES_PATH, label: t("cost-and-commercial:reminders.title") }}
      title={`${reminder.number} ${reminder.title}`}
      meta={
        <span className="text-sm text-slate-600">
          {t(`cost-and-commercial:reminders.statuses.${reminder.status}`)}
        </span>
      }
      actions={
        canEdit ? (
          <Link to={`${UPSTREAM_SCHEDULES_PATH}/${reminder.id}/edit`} className={buttonClass("secondary")}>
            {t("cost-and-commercial:calendar.edit")}
          </Link>
        ) : null
      }
      activity={<UpstreamActivity entries={activity} />}
    >
      <div className="space-y-4">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <DetailFields
            rows={[
              { label: f("side"), value: t(`cost-and-commercial:calendar.sides.${reminder.side}`) },
              { label: f("startDate"), value: day(reminder.startDate) },
              { label: f("endDate"), value: day(reminder.endDate) },
              { label: f("recurrence"), value: recurrence(reminder.choice) },
              { label: f("leadDays"), value: String(reminder.leadDays) },
              {
                label: f("emailTemplate"),
                value: reminder.emailTemplate ?? t("cost-and-commercial:reminders.defaultTemplate"),
              },
              { label: f("documentTemplate"), value: reminder.documentTemplate ?? "-" },
              { label: f("recipients"), value: reminder.recipients.join(", ") || "-" },
              { label: f("lastSentFor"), value: day(reminder.lastSentFor) },
            ]}
          />
        </div>
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-lg font-semibold text-slate-900">{f("next")}</h2>
          {reminder.next.length === 0 ? (
            <p className="text-sm text-slate-600">{t("cost-and-commercial:reminders.noNext")}</p>
          ) : (
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">
              {reminder.next.map((next) => (
                <li key={next}>{day(next)}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </DetailPage>
  );
}
