import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import { raiseActionHref } from "../server/action-basics";
import {
  assessmentAt,
  deleteCriterion,
  loadCriteriaDetails,
  scheduleLocation,
  transitionAssessment,
} from "../server/audit-assessments.server";
import {
  AUDIT_INTENTS,
  AUDIT_LIMITS,
  assessmentFormPath,
  CRITERION_SOURCE_TYPE,
  criteriaDetailsPath,
  criterionFormPath,
  schedulePath,
} from "../server/audit-basics";
import { scheduleById } from "../server/audits.server";
import { AssessmentStatusBadge, ResultBadge, useAuditText } from "../ui/audit-status";
import { RaisedActions } from "../ui/raised-actions";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.number ?? "Audit"} ${data?.details.location.name ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const loaded = await scheduleById(context, params.auditId);
  const place = await scheduleLocation(context, loaded, params.locationId);
  return {
    auditId: loaded.schedule.id,
    number: loaded.schedule.number,
    task: loaded.schedule.task,
    details: await loadCriteriaDetails(context, loaded, place),
    canRaiseAction: context.can("safety.actions.create"),
    canCriteria: context.can(AUDIT_PERMISSIONS.criteriaCreate),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is declared in the manifest; who the user is to the schedule is checked by each.
  const intent = requireIntent(context, formData);
  const loaded = await scheduleById(context, params.auditId);
  const place = await scheduleLocation(context, loaded, params.locationId);
  const assessment = await assessmentAt(context.em, loaded.schedule.id, place.id);
  if (!assessment) throw new Response("Not found", { status: 404 });
  if (intent === AUDIT_INTENTS.transition) return transitionAssessment(context, loaded, assessment, formData);
  if (intent === AUDIT_INTENTS.criterionDelete) return deleteCriterion(context, loaded, assessment, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function CriteriaDetailsPage() {
  const { auditId, number, task, details, canRaiseAction } = useLoaderData<typeof loader>();
  const { t, translate, locale } = useAuditText();
  const refusals = usePostErrors(AUDIT_INTENTS.transition);
  const deleteErrors = usePostErrors(AUDIT_INTENTS.criterionDelete);
  const { assessment, location } = details;
  type Row = (typeof details.steps)[number];
  const label = (row: Row) => t(`safety:audit.assessmentSteps.${row.action}`);
  const texts: WorkflowStepTexts<Row> = {
    legend: t("safety:audit.workflow.label"),
    label,
    reason: { label: t("safety:audit.workflow.reason"), maxLength: AUDIT_LIMITS.comment },
    confirmBox: () => t("safety:audit.workflow.confirmed"),
    dialog: (row) => ({
      title: t("safety:audit.workflow.dialog.title", { step: label(row), number }),
      description: t(`safety:audit.workflow.dialog.${row.action}`),
    }),
  };
  const here = criteriaDetailsPath(auditId, location.id);
  return (
    <DetailPage
      back={{ to: schedulePath(auditId, "criteria"), label: `${number} ${task}` }}
      title={location.name}
      meta={<AssessmentStatusBadge status={assessment?.status ?? "not_started"} />}
      actions={
        <>
          {details.canWrite ? (
            <Link to={assessmentFormPath(auditId, location.id)} className={buttonClass("secondary")}>
              {t(assessment ? "safety:audit.assessment.edit" : "safety:audit.assessment.start")}
            </Link>
          ) : null}
          {assessment && details.canWriteCriteria ? (
            <Link to={criterionFormPath(auditId, assessment.id)} className={buttonClass()}>
              {t("safety:audit.criterion.add")}
            </Link>
          ) : null}
        </>
      }
      toolbar={
        <WorkflowSteps
          to={here}
          intent={AUDIT_INTENTS.transition}
          rows={details.steps}
          texts={texts}
          refusals={translate(refusals)}
          isDanger={(row) => row.action === "reject"}
        />
      }
    >
      <div className="space-y-4">
        <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          {assessment ? (
            <>
              {assessment.summary ? (
                <p className="whitespace-pre-line text-slate-800">{assessment.summary}</p>
              ) : null}
              <p className="text-slate-600">
                {[
                  assessment.assessedOn
                    ? t("safety:audit.assessment.assessedOn", {
                        day: formatDate(assessment.assessedOn, locale),
                      })
                    : null,
                  assessment.createdBy
                    ? t("safety:audit.assessment.by", { name: assessment.createdBy })
                    : null,
                  assessment.decidedBy && assessment.decidedAt
                    ? t("safety:audit.assessment.decided", {
                        name: assessment.decidedBy,
                        at: formatDateTime(assessment.decidedAt, locale),
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {assessment.reviewComment ? (
                <p className="rounded border border-amber-200 bg-amber-50 p-2 text-amber-900">
                  {t("safety:audit.assessment.reviewComment", { comment: assessment.reviewComment })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="text-slate-600">{t("safety:audit.assessment.none")}</p>
          )}
        </section>
        {deleteErrors.length ? (
          <p role="alert" className="text-sm text-red-700">
            {(translate(deleteErrors) ?? []).join(" ")}
          </p>
        ) : null}
        {details.criteria.length === 0 && assessment ? (
          <p className="text-sm text-slate-500">{t("safety:audit.criterion.none")}</p>
        ) : null}
        {details.criteria.map((criterion) => (
          <section
            key={criterion.id}
            aria-label={criterion.title}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="min-w-0 flex-1 break-words text-base font-semibold text-slate-900">
                {criterion.position}. {criterion.title}
              </h2>
              <ResultBadge result={criterion.result} />
            </div>
            {criterion.requirement ? <p className="text-sm text-slate-700">{criterion.requirement}</p> : null}
            {criterion.comment ? <p className="text-sm text-slate-600">{criterion.comment}</p> : null}
            {details.canWriteCriteria && assessment ? (
              <div className="flex flex-wrap gap-2">
                <Link
                  to={criterionFormPath(auditId, assessment.id, criterion.id)}
                  className={buttonClass("secondary", "sm")}
                >
                  {t("safety:audit.criterion.edit")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={AUDIT_INTENTS.criterionDelete} />
                  <input type="hidden" name="criterionId" value={criterion.id} />
                  <Button type="submit" variant="secondary" size="sm">
                    {t("safety:audit.criterion.delete")}
                  </Button>
                </Form>
              </div>
            ) : null}
            <RaisedActions
              actions={criterion.actions}
              raiseHref={canRaiseAction ? raiseActionHref(CRITERION_SOURCE_TYPE, criterion.id) : null}
              title={t("safety:audit.criterion.actions")}
              none={t("safety:audit.criterion.noActions")}
              raise={t("safety:audit.criterion.raise")}
            />
          </section>
        ))}
      </div>
    </DetailPage>
  );
}
