import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { UPSTREAM_SCHEDULES_PATH } from "../server/calendar-basics";
import { createReminder, reminderChoices } from "../server/reminders.server";
import { ReminderForm } from "../ui/reminder-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New schedule or reminder | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return reminderChoices(await requireRoute(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createReminder(context, await readForm(request));
}

export default function CreateReminderPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("cost-and-commercial:reminders.add")}</h1>
      <ReminderForm
        id="reminder"
        values={{ startDate: page.today, leadDays: String(page.defaultLeadDays), recurrence: "monthly-day" }}
        templates={page.templates}
        lastResult={lastResult}
        cancelTo={UPSTREAM_SCHEDULES_PATH}
        submitLabel={t("cost-and-commercial:reminders.save")}
      />
    </div>
  );
}
