import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { registerPath } from "../server/audit-basics";
import { createSchedule, scheduleFormChoices } from "../server/audits.server";
import { AuditScheduleForm } from "../ui/audit-schedule-form";
import { useAuditText } from "../ui/audit-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "New inspection | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await scheduleFormChoices(em, project.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createSchedule(context, "inspection", await readForm(request));
}

export default function CreateInspectionSchedulePage() {
  const { choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAuditText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("safety:audit.form.createTitle.inspection")}
      </h1>
      <AuditScheduleForm
        kind="inspection"
        mode="create"
        choices={choices}
        lastResult={lastResult}
        cancelTo={registerPath("inspection")}
      />
    </div>
  );
}
