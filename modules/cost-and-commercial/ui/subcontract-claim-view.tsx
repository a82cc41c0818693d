import { Form, Link } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { type WorkflowStepRow, WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { SUBCONTRACT_INTENTS, SUBCONTRACT_LIMITS } from "../server/subcontract-basics";
import type { SubcontractClaimRow } from "../server/subcontract-claim.server";
import { centsForInput, MoneyInput } from "./money-input";
import { useUpstreamText } from "./upstream-text";

/** The claim's steps: certifying asks the certified amount in a small form of its own; the rest are the common buttons. */
export function SubcontractClaimSteps({
  to,
  claim,
  steps,
}: {
  to: string;
  claim: SubcontractClaimRow;
  steps: WorkflowStepRow[];
}) {
  const { t, translate } = useUpstreamText();
  const refusals = translate(usePostErrors(SUBCONTRACT_INTENTS.transition));
  const number = t("cost-and-commercial:subcontractClaim.number", { number: claim.number });
  const label = (row: WorkflowStepRow) => t(`cost-and-commercial:subcontractClaim.steps.${row.action}`);
  const texts: WorkflowStepTexts<WorkflowStepRow> = {
    legend: t("cost-and-commercial:upstream.workflow.label"),
    label,
    reason: {
      label: t("cost-and-commercial:upstream.workflow.reason"),
      maxLength: SUBCONTRACT_LIMITS.comment,
    },
    confirmBox: () => t("cost-and-commercial:upstream.workflow.confirmed"),
    dialog: (row) => ({
      title: t("cost-and-commercial:upstream.workflow.dialogTitle", { step: label(row), number }),
      description: t(`cost-and-commercial:subcontractClaim.dialog.${row.action}`),
    }),
  };
  const certify = steps.find((row) => row.action === "certify");
  return (
    <div className="space-y-3">
      {certify ? (
        <Form
          method="post"
          action={to}
          className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <input type="hidden" name="intent" value={SUBCONTRACT_INTENTS.transition} />
          <input type="hidden" name="action" value="certify" />
          <MoneyInput
            label={`${t("cost-and-commercial:subcontractClaim.fields.certified")} *`}
            name="certifiedAmount"
            defaultValue={centsForInput(claim.claimedCents)}
            required
          />
          <Button type="submit">{label(certify)}</Button>
        </Form>
      ) : null}
      <WorkflowSteps
        to={to}
        intent={SUBCONTRACT_INTENTS.transition}
        rows={steps.filter((row) => row.action !== "certify")}
        texts={texts}
        refusals={refusals}
        isDanger={(row) => ["withdraw", "reject", "delete"].includes(row.action)}
      />
    </div>
  );
}

export function SubcontractClaimFigures({ claim }: { claim: SubcontractClaimRow }) {
  const { t, money, day } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:subcontractClaim.fields.${name}`);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <DetailFields
        rows={[
          { label: f("invoiceNumber"), value: claim.invoiceNumber ?? "-" },
          { label: f("invoiceDate"), value: day(claim.invoiceDate) },
          { label: f("billingPeriodEnd"), value: day(claim.billingPeriodEnd) },
          { label: f("receivedOn"), value: day(claim.receivedOn) },
          { label: f("dockets"), value: money(claim.docketsCents) },
          { label: f("otherWork"), value: money(claim.otherWorkCents) },
          { label: f("variations"), value: money(claim.variationsCents) },
          { label: f("backCharges"), value: money(claim.backChargesCents) },
          { label: f("claimed"), value: money(claim.claimedCents) },
          { label: f("certified"), value: claim.certifiedCents === null ? "-" : money(claim.certifiedCents) },
          { label: f("retentionHeld"), value: money(claim.retentionHeldCents) },
          { label: f("paymentScheduleDueOn"), value: day(claim.paymentScheduleDueOn) },
          { label: f("paymentDueOn"), value: day(claim.paymentDueOn) },
          { label: f("paidOn"), value: day(claim.paidOn) },
        ]}
      />
    </div>
  );
}

type WorkItem = {
  id: string;
  number: string;
  title: string;
  date: string;
  amountCents: number;
  href: string | null;
};

/** The dockets the claim took in, each with its number and amount. */
export function SubcontractClaimWork({ work }: { work: WorkItem[] }) {
  const { t, money, day } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:subcontractClaim.work.${name}`);
  const cell = "px-3 py-2 whitespace-nowrap";
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">{f("title")}</h2>
      {work.length === 0 ? (
        <p className="text-sm text-slate-600">{f("none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="text-left text-xs font-medium text-slate-600">
              <tr>
                <th scope="col" className={cell}>
                  {f("number")}
                </th>
                <th scope="col" className={cell}>
                  {f("date")}
                </th>
                <th scope="col" className={cell}>
                  {f("description")}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {f("amount")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {work.map((item) => (
                <tr key={item.id}>
                  <td className={cell}>
                    {item.href ? (
                      <Link to={item.href} className="font-medium text-brand-700 hover:underline">
                        {item.number}
                      </Link>
                    ) : (
                      item.number
                    )}
                  </td>
                  <td className={cell}>{day(item.date)}</td>
                  <td className="px-3 py-2">{item.title}</td>
                  <td className={`${cell} text-right tabular-nums`}>{money(item.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
