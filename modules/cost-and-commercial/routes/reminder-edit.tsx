import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { reminderPath } from "../server/calendar-basics";
import { reminderById, reminderChoices, reminderValues, updateReminder } from "../server/reminders.server";
import { ReminderForm } from "../ui/reminder-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Edit schedule or reminder | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const reminder = await reminderById(context, params.reminderId);
  return {
    id: reminder.id,
    number: reminder.number,
    values: reminderValues(reminder),
    ...(await reminderChoices(context)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const reminder = await reminderById(context, params.reminderId);
  return updateReminder(context, reminder, await readForm(request));
}

export default function EditReminderPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:reminders.editTitle", { number: page.number })}
      </h1>
      <ReminderForm
        id="reminder-edit"
        values={page.values}
        templates={page.templates}
        lastResult={lastResult}
        cancelTo={reminderPath(page.id)}
        submitLabel={t("cost-and-commercial:calendar.saveChanges")}
      />
    </div>
  );
}
