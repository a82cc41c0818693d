import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isMultipart, readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import {
  assessmentAt,
  canWriteAssessment,
  saveAssessment,
  scheduleLocation,
} from "../server/audit-assessments.server";
import { criteriaDetailsPath } from "../server/audit-basics";
import {
  buildCriteriaTemplate,
  criteriaTemplateResponse,
  importCriteriaTemplate,
} from "../server/audit-templates.server";
import { scheduleById } from "../server/audits.server";
import { AssessmentForm, TemplateUpload, useTemplateResult } from "../ui/audit-assessment-forms";
import { useAuditText } from "../ui/audit-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Assessment | SiteProof" }];

/** Starts or edits a location's assessment (spec: create-assessment, create and edit), for its auditors. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const loaded = await scheduleById(context, params.auditId);
  const place = await scheduleLocation(context, loaded, params.locationId);
  const assessment = await assessmentAt(context.em, loaded.schedule.id, place.id);
  if (!canWriteAssessment(context, loaded, assessment)) throw new Response("Forbidden", { status: 403 });
  if (new URL(request.url).searchParams.get("template") === "xlsx")
    return criteriaTemplateResponse(await buildCriteriaTemplate());
  return {
    // A new assessment may start from the assessment template (its criteria in one workbook).
    canTemplate:
      !assessment && canWriteAssessment(context, loaded, null, AUDIT_PERMISSIONS.assessmentTemplateUpload),
    number: loaded.schedule.number,
    location: place,
    back: criteriaDetailsPath(loaded.schedule.id, place.id),
    values: assessment
      ? { summary: assessment.summary ?? "", assessedOn: dayOfDateColumn(assessment.assessedOn) ?? "" }
      : undefined,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const loaded = await scheduleById(context, params.auditId);
  const place = await scheduleLocation(context, loaded, params.locationId);
  // The assessment template (a multipart post of one .xlsx) or the assessment form.
  if (isMultipart(request))
    return importCriteriaTemplate(
      context,
      loaded,
      {
        locationId: place.id,
        assessment: await assessmentAt(context.em, loaded.schedule.id, place.id),
        kind: "assessment",
      },
      request,
    );
  return saveAssessment(context, loaded, place.id, await readForm(request));
}

export default function AssessmentFormPage() {
  const loaded = useLoaderData<typeof loader>();
  // The loader answers the template download with a file, never with this page's data.
  const { number, location, back, values, canTemplate } = loaded as Exclude<typeof loaded, Response>;
  const { importErrors, lastResult } = useTemplateResult();
  const { t } = useAuditText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t(values ? "safety:audit.assessment.editTitle" : "safety:audit.assessment.createTitle", {
          number,
          location: location.name,
        })}
      </h1>
      <AssessmentForm
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={back}
        editing={Boolean(values)}
      />
      {canTemplate ? (
        <TemplateUpload
          title={t("safety:audit.import.assessmentTitle")}
          templateHref="?template=xlsx"
          errors={importErrors}
        />
      ) : null}
    </div>
  );
}
