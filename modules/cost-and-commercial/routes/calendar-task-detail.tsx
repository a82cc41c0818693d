import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { CALENDAR_TASK_INTENTS, calendarPath, calendarTaskEditPath } from "../server/calendar-basics";
import { calendarTaskById, calendarTaskPage, deleteCalendarTask } from "../server/calendar-tasks.server";
import { UpstreamActivity } from "../ui/head-claim-view";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.task.task ?? "Task"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return calendarTaskPage(context, await calendarTaskById(context, params.taskId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const task = await calendarTaskById(context, params.taskId);
  if (intent === CALENDAR_TASK_INTENTS.delete) return deleteCalendarTask(context, task, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A calendar task: its fields, edit, delete (with "I am sure"), its history. */
export default function CalendarTaskPage() {
  const { task, can, activity } = useLoaderData<typeof loader>();
  const { t, translate, day } = useUpstreamText();
  const refusals = usePostErrors(CALENDAR_TASK_INTENTS.delete);
  const f = (name: string) => t(`cost-and-commercial:calendar.fields.${name}`);
  const text = (value: string) => (value ? <span className="whitespace-pre-line">{value}</span> : "-");
  return (
    <DetailPage
      back={{
        to: calendarPath(task.side, task.startDate.slice(0, 7)),
        label: t("cost-and-commercial:calendar.title"),
      }}
      title={task.task}
      meta={
        <span className="text-sm text-slate-600">
          {t(`cost-and-commercial:calendar.statuses.${task.status}`)}
        </span>
      }
      actions={
        can.edit ? (
          <Link to={calendarTaskEditPath(task.id)} className={buttonClass("secondary")}>
            {t("cost-and-commercial:calendar.edit")}
          </Link>
        ) : null
      }
      toolbar={
        can.delete ? (
          <ConfirmInPlaceForm
            className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
            summary={t("cost-and-commercial:calendar.deleteTask")}
            intent={CALENDAR_TASK_INTENTS.delete}
            confirmLabel={t("cost-and-commercial:calendar.iAmSure")}
            submitLabel={t("cost-and-commercial:calendar.deleteConfirm", { task: task.task })}
            errors={translate(refusals)}
          />
        ) : null
      }
      activity={<UpstreamActivity entries={activity} />}
    >
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <DetailFields
          rows={[
            { label: f("side"), value: t(`cost-and-commercial:calendar.sides.${task.side}`) },
            { label: f("description"), value: text(task.description) },
            { label: f("responsible"), value: task.responsible ?? "-" },
            { label: f("collaborators"), value: task.collaborators.join(", ") || "-" },
            { label: f("startDate"), value: day(task.startDate) },
            { label: f("dueDate"), value: day(task.dueDate) },
            { label: f("packageName"), value: task.packageName || "-" },
            { label: f("packageType"), value: task.packageType || "-" },
            { label: f("contractObligations"), value: text(task.contractObligations) },
            { label: f("notes"), value: text(task.notes) },
            { label: f("calendar"), value: task.calendar ?? "-" },
          ]}
        />
      </div>
    </DetailPage>
  );
}
