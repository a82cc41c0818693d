import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { calendarTaskPath } from "../server/calendar-basics";
import {
  calendarTaskById,
  calendarTaskChoices,
  calendarTaskValues,
  updateCalendarTask,
} from "../server/calendar-tasks.server";
import { CalendarTaskForm } from "../ui/calendar-task-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Edit task | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const task = await calendarTaskById(context, params.taskId);
  return { id: task.id, values: calendarTaskValues(task), ...(await calendarTaskChoices(context)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const task = await calendarTaskById(context, params.taskId);
  return updateCalendarTask(context, task, await readForm(request));
}

export default function EditCalendarTaskPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:calendar.editTask", { task: page.values.task })}
      </h1>
      <CalendarTaskForm
        id="calendar-task-edit"
        values={page.values}
        members={page.members}
        packages={page.packages}
        lastResult={lastResult}
        cancelTo={calendarTaskPath(page.id)}
        submitLabel={t("cost-and-commercial:calendar.saveChanges")}
      />
    </div>
  );
}
