import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { calendarPath } from "../server/calendar-basics";
import { calendarTaskChoices, createCalendarTask } from "../server/calendar-tasks.server";
import { siteToday } from "../server/rfa.server";
import { CalendarTaskForm } from "../ui/calendar-task-form";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Add task | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const side = new URL(request.url).searchParams.get("side") === "downstream" ? "downstream" : "upstream";
  const today = await siteToday(context);
  return { side, today, ...(await calendarTaskChoices(context)) } as const;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createCalendarTask(context, await readForm(request));
}

/** Add a task to the commercial calendar. */
export default function CreateCalendarTaskPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useUpstreamText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("cost-and-commercial:calendar.addTask")}</h1>
      <CalendarTaskForm
        id="calendar-task"
        values={{ side: page.side, startDate: page.today, dueDate: page.today, collaboratorIds: [] }}
        members={page.members}
        packages={page.packages}
        lastResult={lastResult}
        cancelTo={calendarPath(page.side)}
        submitLabel={t("cost-and-commercial:calendar.saveTask")}
      />
    </div>
  );
}
