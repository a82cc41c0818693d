import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import {
  assessmentById,
  canWriteAssessment,
  criterionOf,
  saveCriterion,
} from "../server/audit-assessments.server";
import { criteriaDetailsPath } from "../server/audit-basics";
import { scheduleById } from "../server/audits.server";
import { CriterionForm } from "../ui/audit-assessment-forms";
import { useAuditText } from "../ui/audit-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Criterion | SiteProof" }];

/** Adds a criterion to an assessment, or edits one (?criterionId=), while its auditors write it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const loaded = await scheduleById(context, params.auditId);
  const assessment = await assessmentById(context, loaded, params.assessmentId);
  if (!canWriteAssessment(context, loaded, assessment, AUDIT_PERMISSIONS.criteriaCreate))
    throw new Response("Forbidden", { status: 403 });
  const criterionId = new URL(request.url).searchParams.get("criterionId");
  const criterion = criterionId ? await criterionOf(context, assessment, criterionId) : null;
  return {
    number: loaded.schedule.number,
    back: criteriaDetailsPath(loaded.schedule.id, assessment.location.id),
    values: criterion
      ? {
          title: criterion.title,
          requirement: criterion.requirement ?? "",
          result: criterion.result,
          comment: criterion.comment ?? "",
        }
      : undefined,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const loaded = await scheduleById(context, params.auditId);
  const assessment = await assessmentById(context, loaded, params.assessmentId);
  const criterionId = new URL(request.url).searchParams.get("criterionId");
  return saveCriterion(context, loaded, assessment, criterionId, await readForm(request));
}

export default function CriterionFormPage() {
  const { number, back, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAuditText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t(values ? "safety:audit.criterion.editTitle" : "safety:audit.criterion.createTitle", { number })}
      </h1>
      <CriterionForm
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={back}
        editing={Boolean(values)}
      />
    </div>
  );
}
