import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { TextAreaField } from "~/app/ui/field";
import { SignaturePad } from "~/app/ui/signature-pad";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDateTime } from "~/app/utils/format";
import { CHECKLIST_ANSWERS, type PermitStep, SIGNED_PERMIT_STEPS } from "../domain/permit-workflow";
import { PERMIT_INTENTS, PERMIT_LIMITS, permitPath } from "../server/permit-basics";
import type { PermitDetail } from "../server/permits.server";
import { usePermitText } from "./permit-status";

type StepRow = PermitDetail["steps"][number];
const isSigned = (row: StepRow) => SIGNED_PERMIT_STEPS.includes(row.action as PermitStep);

/** The buttons of the unsigned rows this user may run now, and the last refusal of any step. */
export function PermitSteps({ permit }: { permit: PermitDetail }) {
  const { t, translate } = usePermitText();
  const refusals = usePostErrors(PERMIT_INTENTS.transition);
  const label = (row: StepRow) => t(`safety:permit.steps.${row.action}`);
  const texts: WorkflowStepTexts<StepRow> = {
    legend: t("safety:permit.workflow.label"),
    label,
    reason: { label: t("safety:permit.workflow.reason"), maxLength: PERMIT_LIMITS.comment },
    confirmBox: () => t("safety:permit.workflow.confirmed"),
    dialog: (row) => ({
      title: t("safety:permit.workflow.dialog.title", { step: label(row), number: permit.number }),
      description: t(`safety:permit.workflow.dialog.${row.action}`),
    }),
  };
  return (
    <WorkflowSteps
      to={permitPath(permit.id)}
      intent={PERMIT_INTENTS.transition}
      rows={permit.steps.filter((row) => !isSigned(row))}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "delete"}
    />
  );
}

/** The signed steps this user may run (approve, close): a signature (drawn, or the name typed) and a comment. */
export function PermitSignForms({ permit, signerName }: { permit: PermitDetail; signerName: string }) {
  const { t } = usePermitText();
  const rows = permit.steps.filter(isSigned);
  if (rows.length === 0) return null;
  return (
    <>
      {rows.map((row) => (
        <section
          key={row.action}
          aria-labelledby={`permit-sign-${row.action}`}
          className="space-y-3 rounded-lg border border-brand-200 bg-white p-4"
        >
          <h2 id={`permit-sign-${row.action}`} className="text-base font-semibold text-slate-900">
            {t(`safety:permit.sign.${row.action}.title`)}
          </h2>
          <p className="text-sm text-slate-600">{t(`safety:permit.sign.${row.action}.intro`)}</p>
          <Form method="post" action={permitPath(permit.id)} className="space-y-3">
            <input type="hidden" name="intent" value={PERMIT_INTENTS.transition} />
            <input type="hidden" name="action" value={row.action} />
            {/* Not filled in for the signer: a signature is a deliberate act, drawn or typed. */}
            <SignaturePad
              label={t("safety:permit.sign.signatureAs", { name: signerName })}
              name="signature"
            />
            <TextAreaField
              label={t("safety:permit.sign.comment")}
              textareaProps={{ name: "comment", rows: 2, maxLength: PERMIT_LIMITS.comment }}
            />
            <Button type="submit">{t(`safety:permit.sign.${row.action}.submit`)}</Button>
          </Form>
        </section>
      ))}
    </>
  );
}

/** The checklist: a yes / no / N/A choice per item while the permit is prepared, the answers after. */
export function PermitChecklist({ permit, canAnswer }: { permit: PermitDetail; canAnswer: boolean }) {
  const { t } = usePermitText();
  const answered = permit.checklist.filter((item) => item.answer !== null).length;
  const heading = (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="permit-checklist" className="text-base font-semibold text-slate-900">
        {t("safety:permit.checklist.title")}
      </h2>
      <span className="text-sm text-slate-500">
        {t("safety:permit.checklist.progress", { answered, total: permit.checklist.length })}
      </span>
    </div>
  );
  const itemLabel = (key: string) => t(`safety:permit.checklist.items.${key}`);
  const answerLabel = (answer: string | null) =>
    answer ? t(`safety:permit.checklist.answers.${answer}`) : t("safety:permit.checklist.unanswered");
  if (!canAnswer)
    return (
      <section
        aria-labelledby="permit-checklist"
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        {heading}
        <dl className="divide-y divide-slate-100">
          {permit.checklist.map((item) => (
            <div key={item.key} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <dt className="min-w-0 text-slate-800">{itemLabel(item.key)}</dt>
              <dd className={item.answer === "no" ? "font-medium text-red-700" : "text-slate-900"}>
                {answerLabel(item.answer)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    );
  return (
    <section
      aria-labelledby="permit-checklist"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {heading}
      <Form method="post" action={permitPath(permit.id)} className="space-y-3">
        <input type="hidden" name="intent" value={PERMIT_INTENTS.checklist} />
        <div className="divide-y divide-slate-100">
          {permit.checklist.map((item) => (
            <fieldset key={item.key} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <legend className="float-left min-w-0 text-sm text-slate-800">{itemLabel(item.key)}</legend>
              <div className="flex gap-3">
                {CHECKLIST_ANSWERS.map((answer) => (
                  <label key={answer} className="flex items-center gap-1 text-sm text-slate-700">
                    <input
                      type="radio"
                      name={`answers.${item.key}`}
                      value={answer}
                      defaultChecked={item.answer === answer}
                    />
                    {t(`safety:permit.checklist.answers.${answer}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        <Button type="submit" variant="secondary">
          {t("safety:permit.checklist.save")}
        </Button>
      </Form>
    </section>
  );
}

/** The signatures given: who signed which step, when, drawn or typed. */
export function PermitApprovals({ permit }: { permit: PermitDetail }) {
  const { t, locale } = usePermitText();
  return (
    <section
      aria-labelledby="permit-approvals"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="permit-approvals" className="text-base font-semibold text-slate-900">
        {t("safety:permit.approvals.title")}
      </h2>
      {permit.signatures.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:permit.approvals.none")}</p>
      ) : (
        <ul className="space-y-3">
          {permit.signatures.map((signature) => (
            <li key={signature.id} className="space-y-1 text-sm">
              <p className="font-medium text-slate-900">
                {t("safety:permit.approvals.entry", {
                  step: t(`safety:permit.approvals.steps.${signature.step}`),
                  name: signature.signedName,
                  time: formatDateTime(signature.signedAt, locale, permit.timeZone),
                })}
              </p>
              {signature.signature ? (
                <img
                  src={signature.signature}
                  alt={t("safety:permit.approvals.signatureOf", { name: signature.signedName })}
                  className="h-20 border border-slate-200 bg-white"
                />
              ) : (
                <p className="font-serif text-base italic">{signature.signedName}</p>
              )}
              {signature.comment ? <p className="text-slate-600">{signature.comment}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
