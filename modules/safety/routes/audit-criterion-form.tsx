import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isMultipart, readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import {
  assessmentById,
  canWriteAssessment,
  criterionOf,
  saveCriterion,
} from "../server/audit-assessments.server";
import { criteriaDetailsPath } from "../server/audit-basics";
import {
  buildCriteriaTemplate,
  criteriaTemplateResponse,
  importCriteriaTemplate,
} from "../server/audit-templates.server";
import { scheduleById } from "../server/audits.server";
import { CriterionForm, TemplateUpload, useTemplateResult } from "../ui/audit-assessment-forms";
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
  const search = new URL(request.url).searchParams;
  // The criteria template to fill in (XLSX).
  if (search.get("template") === "xlsx") return criteriaTemplateResponse(await buildCriteriaTemplate());
  const criterionId = search.get("criterionId");
  const criterion = criterionId ? await criterionOf(context, assessment, criterionId) : null;
  return {
    canTemplate:
      !criterion && canWriteAssessment(context, loaded, assessment, AUDIT_PERMISSIONS.criteriaTemplateUpload),
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
  // The criteria template (a multipart post of one .xlsx) or the criterion form.
  if (isMultipart(request))
    return importCriteriaTemplate(
      context,
      loaded,
      { locationId: assessment.location.id, assessment, kind: "criteria" },
      request,
    );
  const criterionId = new URL(request.url).searchParams.get("criterionId");
  return saveCriterion(context, loaded, assessment, criterionId, await readForm(request));
}

export default function CriterionFormPage() {
  const loaded = useLoaderData<typeof loader>();
  // The loader answers the template download with a file, never with this page's data.
  const { number, back, values, canTemplate } = loaded as Exclude<typeof loaded, Response>;
  const { importErrors, lastResult } = useTemplateResult();
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
      {canTemplate ? (
        <TemplateUpload
          title={t("safety:audit.import.criteriaTitle")}
          templateHref="?template=xlsx"
          errors={importErrors}
        />
      ) : null}
    </div>
  );
}
