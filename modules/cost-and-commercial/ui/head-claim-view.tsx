import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { DetailFields } from "~/app/ui/detail-fields";
import { FormAlert } from "~/app/ui/field";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { type WorkflowStepRow, WorkflowSteps } from "~/app/ui/workflow-steps";
import { formatDateTime } from "~/app/utils/format";
import type { Jurisdiction } from "../domain/vocabularies";
import type { HeadClaimRow } from "../server/head-claim.server";
import { HEAD_CLAIM_INTENTS, headClaimPath } from "../server/upstream-basics";
import { MoneyInput } from "./money-input";
import { useStepTexts, useUpstreamText } from "./upstream-text";

/**
 * The claim's steps. Submitting asks the day the claim was served on the client (the deadlines run from it), so
 * it is its own small form; the other steps are the common buttons.
 */
export function HeadClaimSteps({ claim, steps }: { claim: HeadClaimRow; steps: WorkflowStepRow[] }) {
  const { t, translate } = useUpstreamText();
  const refusals = translate(usePostErrors(HEAD_CLAIM_INTENTS.transition));
  const texts = useStepTexts(t("cost-and-commercial:headClaims.claimNumber", { number: claim.number }));
  const submit = steps.find((row) => row.action === "submit");
  return (
    <div className="space-y-3">
      {submit ? (
        <Form
          method="post"
          action={headClaimPath(claim.id)}
          className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <input type="hidden" name="intent" value={HEAD_CLAIM_INTENTS.transition} />
          <input type="hidden" name="action" value="submit" />
          <DateField
            label={`${t("cost-and-commercial:headClaims.servedOn")} *`}
            hint={t("cost-and-commercial:headClaims.servedOnHint")}
            inputProps={{ name: "servedOn", required: true }}
          />
          <Button type="submit">{t("cost-and-commercial:upstream.steps.submit")}</Button>
        </Form>
      ) : null}
      <WorkflowSteps
        to={headClaimPath(claim.id)}
        intent={HEAD_CLAIM_INTENTS.transition}
        rows={steps.filter((row) => row.action !== "submit")}
        texts={texts}
        refusals={refusals}
        isDanger={(row) => ["void", "reject", "delete"].includes(row.action)}
      />
    </div>
  );
}

export function HeadClaimFigures({ claim }: { claim: HeadClaimRow }) {
  const { t, money, day } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:headClaims.fields.${name}`);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <DetailFields
        rows={[
          {
            label: f("billingPeriod"),
            value: `${day(claim.billingPeriodStart)} – ${day(claim.billingPeriodEnd)}`,
          },
          { label: f("scheduledValue"), value: money(claim.scheduledValueCents) },
          { label: f("workCompleted"), value: money(claim.workCompletedCents) },
          { label: f("grandTotal"), value: money(claim.grandTotalCents) },
          { label: f("currentPaymentDue"), value: money(claim.currentPaymentDueCents) },
          { label: f("balance"), value: money(claim.balanceCents) },
        ]}
      />
    </div>
  );
}

/** When it was served, when the schedule and the payment fall due, and the client's schedule and payment. */
export function HeadClaimFacts({
  claim,
  jurisdiction,
  canRecord,
}: {
  claim: HeadClaimRow;
  jurisdiction: Jurisdiction;
  canRecord: boolean;
}) {
  const { t, translate, money, day } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:headClaims.fields.${name}`);
  const scheduleErrors = translate(usePostErrors(HEAD_CLAIM_INTENTS.schedule));
  const paidErrors = translate(usePostErrors(HEAD_CLAIM_INTENTS.paid));
  const [scheduleForm] = useForm({ id: "claim-schedule" });
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">{t("cost-and-commercial:headClaims.deadlinesTitle")}</h2>
      <p className="text-sm text-slate-600">{t(`cost-and-commercial:vocab.jurisdiction.${jurisdiction}`)}</p>
      <DetailFields
        rows={[
          { label: f("submittedOn"), value: day(claim.submittedOn) },
          { label: f("paymentScheduleDueOn"), value: day(claim.paymentScheduleDueOn) },
          { label: f("paymentDueOn"), value: day(claim.paymentDueOn) },
          {
            label: f("scheduledAmount"),
            value: claim.scheduledAmountCents === null ? "-" : money(claim.scheduledAmountCents),
          },
          { label: f("scheduleReceivedOn"), value: day(claim.scheduleReceivedOn) },
          { label: f("paidOn"), value: day(claim.paidOn) },
        ]}
      />
      {canRecord ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Form
            method="post"
            action={headClaimPath(claim.id)}
            {...getFormProps(scheduleForm)}
            className="space-y-2"
          >
            <h3 className="font-medium">{t("cost-and-commercial:headClaims.recordSchedule")}</h3>
            <FormAlert errors={scheduleErrors} />
            <input type="hidden" name="intent" value={HEAD_CLAIM_INTENTS.schedule} />
            <MoneyInput label={`${f("scheduledAmount")} *`} name="scheduledAmount" required />
            <DateField
              label={`${f("scheduleReceivedOn")} *`}
              inputProps={{ name: "scheduleReceivedOn", required: true }}
            />
            <Button type="submit" variant="secondary">
              {t("cost-and-commercial:headClaims.saveSchedule")}
            </Button>
          </Form>
          {claim.paidOn ? null : (
            <Form method="post" action={headClaimPath(claim.id)} className="space-y-2">
              <h3 className="font-medium">{t("cost-and-commercial:headClaims.markPaid")}</h3>
              <FormAlert errors={paidErrors} />
              <input type="hidden" name="intent" value={HEAD_CLAIM_INTENTS.paid} />
              <DateField label={`${f("paidOn")} *`} inputProps={{ name: "paidOn", required: true }} />
              <Button type="submit" variant="secondary">
                {t("cost-and-commercial:headClaims.savePaid")}
              </Button>
            </Form>
          )}
        </div>
      ) : null}
    </section>
  );
}

type Entry = {
  id: string;
  action: string;
  actorName: string | null;
  createdAt: string;
  after: Record<string, unknown> | null;
};

/** A record's history: what happened, who, when (and the step's reason). */
export function UpstreamActivity({ entries }: { entries: Entry[] }) {
  const { t, locale } = useUpstreamText();
  return (
    <ActivityList
      empty={t("cost-and-commercial:upstream.activity.empty")}
      entries={entries.map((entry) => ({
        id: entry.id,
        summary: `${t(`cost-and-commercial:upstream.activity.${entry.action}`, { defaultValue: entry.action })}${
          entry.after?.status
            ? `: ${t(`cost-and-commercial:vocab.contractStatus.${String(entry.after.status)}`, { defaultValue: String(entry.after.status) })}`
            : ""
        } — ${entry.actorName ?? "-"}`,
        time: formatDateTime(entry.createdAt, locale),
        details:
          typeof entry.after?.comment === "string" && entry.after.comment ? [entry.after.comment] : undefined,
      }))}
    />
  );
}
