import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { DetailFields } from "~/app/ui/detail-fields";
import { FormAlert } from "~/app/ui/field";
import { usePostErrors } from "~/app/ui/use-post-errors";
import type { WorkflowStepRow } from "~/app/ui/workflow-steps";
import { formatDateTime } from "~/app/utils/format";
import type { ContractStatus, ContractType, Jurisdiction } from "../domain/vocabularies";
import type { HeadClaimRow } from "../server/head-claim.server";
import {
  COMPLIANCE_CREATE_PATH,
  HEAD_CLAIM_CREATE_PATH,
  headClaimPath,
  RFA_CREATE_PATH,
  rfaPath,
  UPSTREAM_INTENTS,
  UPSTREAM_LIMITS,
  upstreamPath,
} from "../server/upstream-basics";
import { centsForInput } from "./money-input";
import { UpstreamSteps } from "./upstream-steps";
import { ContractStatusBadge, RfaStatusBadge, useUpstreamText } from "./upstream-text";

type Contract = {
  id: string;
  code: string;
  description: string;
  client: string;
  type: ContractType;
  status: ContractStatus;
  contractSumCents: number;
  jurisdiction: Jurisdiction;
  retentionPercent: string;
  paymentScheduleDays: number | null;
  paymentDays: number | null;
  startDate: string | null;
  completionDate: string | null;
  steps: WorkflowStepRow[];
};

const tableClass = "w-full min-w-[36rem] text-left text-sm";
const headClass = "border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600";
const cellClass = "border-b border-slate-100 px-2 py-2";
const numberClass = `${cellClass} text-right tabular-nums`;

/** The head contract's steps (spec 4 contract vocabulary), as the page's buttons. */
export function HeadContractSteps({ contract }: { contract: Contract }) {
  const { t, translate } = useUpstreamText();
  const refusals = usePostErrors(UPSTREAM_INTENTS.transition);
  return (
    <UpstreamSteps
      to={upstreamPath()}
      intent={UPSTREAM_INTENTS.transition}
      rows={contract.steps}
      label={(row) => t(`cost-and-commercial:upstream.steps.${row.action}`)}
      legend={t("cost-and-commercial:upstream.workflow.label")}
      reasonLabel={t("cost-and-commercial:upstream.workflow.reason")}
      confirmLabel={t("cost-and-commercial:upstream.workflow.confirmed")}
      maxLength={UPSTREAM_LIMITS.comment}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "void" || row.action === "reject"}
    />
  );
}

export function DetailsTab({ contract }: { contract: Contract }) {
  const { t, money, day } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:headContract.fields.${name}`);
  const law = (days: number | null) =>
    days === null ? t("cost-and-commercial:headContract.lawDays") : String(days);
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <DetailFields
        rows={[
          { label: f("code"), value: contract.code },
          { label: f("client"), value: contract.client },
          {
            label: f("description"),
            value: <span className="whitespace-pre-line">{contract.description}</span>,
          },
          { label: f("type"), value: t(`cost-and-commercial:vocab.contractType.${contract.type}`) },
          { label: f("contractSum"), value: money(contract.contractSumCents) },
          {
            label: f("jurisdiction"),
            value: t(`cost-and-commercial:vocab.jurisdiction.${contract.jurisdiction}`),
          },
          { label: f("retentionPercent"), value: `${contract.retentionPercent} %` },
          { label: f("paymentScheduleDays"), value: law(contract.paymentScheduleDays) },
          { label: f("paymentDays"), value: law(contract.paymentDays) },
          { label: f("startDate"), value: day(contract.startDate) },
          { label: f("completionDate"), value: day(contract.completionDate) },
        ]}
      />
    </div>
  );
}

export function ClaimsTab({
  claims,
  canCreate,
}: {
  claims: {
    rows: HeadClaimRow[];
    totals: {
      currentPaymentDueCents: number;
      certifiedCents: number;
      paidCents: number;
      workCompletedCents: number;
    };
  };
  canCreate: boolean;
}) {
  const { t, money, day } = useUpstreamText();
  const h = (name: string) => t(`cost-and-commercial:headClaims.fields.${name}`);
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t("cost-and-commercial:headClaims.title")}</h2>
        {canCreate ? (
          <Link to={HEAD_CLAIM_CREATE_PATH} className={buttonClass("primary")}>
            {t("cost-and-commercial:headClaims.new")}
          </Link>
        ) : null}
      </div>
      {claims.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("cost-and-commercial:headClaims.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className={tableClass}>
            <caption className="sr-only">{t("cost-and-commercial:headClaims.title")}</caption>
            <thead className={headClass}>
              <tr>
                <th className="px-2 py-2">{h("number")}</th>
                <th className="px-2 py-2">{h("billingPeriod")}</th>
                <th className="px-2 py-2">{h("status")}</th>
                <th className="px-2 py-2 text-right">{h("workCompleted")}</th>
                <th className="px-2 py-2 text-right">{h("currentPaymentDue")}</th>
                <th className="px-2 py-2 text-right">{h("certified")}</th>
                <th className="px-2 py-2">{h("paymentDueOn")}</th>
              </tr>
            </thead>
            <tbody>
              {claims.rows.map((claim) => (
                <tr key={claim.id}>
                  <td className={cellClass}>
                    <Link to={headClaimPath(claim.id)} className="font-medium text-brand-700 hover:underline">
                      {t("cost-and-commercial:headClaims.claimNumber", { number: claim.number })}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    {day(claim.billingPeriodStart)} – {day(claim.billingPeriodEnd)}
                  </td>
                  <td className={cellClass}>
                    <ContractStatusBadge status={claim.status} />
                  </td>
                  <td className={numberClass}>{money(claim.workCompletedCents)}</td>
                  <td className={numberClass}>{money(claim.currentPaymentDueCents)}</td>
                  <td className={numberClass}>{money(claim.scheduledAmountCents, true)}</td>
                  <td className={cellClass}>
                    {claim.paidOn
                      ? t("cost-and-commercial:headClaims.paidOn", { day: day(claim.paidOn) })
                      : day(claim.paymentDueOn)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="font-semibold">
              <tr>
                <td className={cellClass} colSpan={3}>
                  {t("cost-and-commercial:headClaims.totals")}
                </td>
                <td className={numberClass}>{money(claims.totals.workCompletedCents)}</td>
                <td className={numberClass}>{money(claims.totals.currentPaymentDueCents)}</td>
                <td className={numberClass}>{money(claims.totals.certifiedCents)}</td>
                <td className={cellClass}>
                  {t("cost-and-commercial:headClaims.paidTotal", { amount: money(claims.totals.paidCents) })}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

type ComplianceRow = {
  id: string;
  name: string;
  description: string | null;
  keyDates: { label: string; date: string }[];
  uploadedOn: string;
  uploadedBy: string | null;
  /** The file's attachment, opened on the core attachment page. */
  fileId: string | null;
  fileName: string | null;
};

export function ComplianceTab({
  documents,
  can,
}: {
  documents: ComplianceRow[];
  can: { create: boolean; delete: boolean; download: boolean };
}) {
  const { t, translate, day, locale } = useUpstreamText();
  const refusals = usePostErrors(UPSTREAM_INTENTS.complianceDelete);
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t("cost-and-commercial:compliance.title")}</h2>
        {can.create ? (
          <Link to={COMPLIANCE_CREATE_PATH} className={buttonClass("primary")}>
            {t("cost-and-commercial:compliance.add")}
          </Link>
        ) : null}
      </div>
      <FormAlert errors={translate(refusals)} />
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">{t("cost-and-commercial:compliance.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {documents.map((document) => (
            <li key={document.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{document.name}</h3>
                <span className="text-xs text-slate-600">
                  {t("cost-and-commercial:compliance.uploaded", {
                    when: formatDateTime(document.uploadedOn, locale),
                    who: document.uploadedBy ?? "-",
                  })}
                </span>
              </div>
              {document.description ? (
                <p className="whitespace-pre-line text-sm text-slate-700">{document.description}</p>
              ) : null}
              {document.keyDates.length > 0 ? (
                <dl className="grid gap-x-4 text-sm sm:grid-cols-[auto_1fr]">
                  {document.keyDates.map((keyDate) => (
                    <div key={`${keyDate.label}-${keyDate.date}`} className="contents">
                      <dt className="text-slate-600">{keyDate.label}</dt>
                      <dd className="font-medium">{day(keyDate.date)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <div className="flex flex-wrap items-center gap-3 text-sm">
                {document.fileId && can.download ? (
                  <a
                    href={`/attachments/${document.fileId}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {document.fileName}
                  </a>
                ) : (
                  <span>{document.fileName}</span>
                )}
                {can.delete ? (
                  <ConfirmInPlaceForm
                    summary={t("cost-and-commercial:compliance.delete")}
                    action={upstreamPath("compliance")}
                    intent={UPSTREAM_INTENTS.complianceDelete}
                    fields={{ documentId: document.id }}
                    confirmLabel={t("cost-and-commercial:upstream.workflow.confirmed")}
                    submitLabel={t("cost-and-commercial:compliance.deleteConfirm", { name: document.name })}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Revenue = {
  rows: {
    month: string;
    forecastCents: number;
    actualCents: number;
    cumulativeForecastCents: number;
    cumulativeActualCents: number;
  }[];
  totals: { forecastCents: number; actualCents: number };
};

/** Forecast and actual per month, edited in the table itself (one post saves it all). */
export function RevenueTab({ revenue, canEdit }: { revenue: Revenue; canEdit: boolean }) {
  const { t, translate, money, locale } = useUpstreamText();
  const refusals = usePostErrors(UPSTREAM_INTENTS.revenue);
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-AU", {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${month}-01T00:00:00Z`));
  const h = (name: string) => t(`cost-and-commercial:revenue.${name}`);
  const input = (name: string, cents: number, label: string) => (
    <input
      name={name}
      aria-label={label}
      defaultValue={cents ? centsForInput(cents) : ""}
      inputMode="decimal"
      className="h-9 w-full min-w-24 rounded border border-slate-300 px-2 text-right tabular-nums"
    />
  );
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{h("title")}</h2>
      <FormAlert errors={translate(refusals)} />
      <Form method="post" action={upstreamPath("revenue")} className="space-y-3">
        <input type="hidden" name="intent" value={UPSTREAM_INTENTS.revenue} />
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className={tableClass}>
            <caption className="sr-only">{h("title")}</caption>
            <thead className={headClass}>
              <tr>
                <th className="px-2 py-2">{h("month")}</th>
                <th className="px-2 py-2 text-right">{h("forecast")}</th>
                <th className="px-2 py-2 text-right">{h("actual")}</th>
                <th className="px-2 py-2 text-right">{h("cumulativeForecast")}</th>
                <th className="px-2 py-2 text-right">{h("cumulativeActual")}</th>
              </tr>
            </thead>
            <tbody>
              {revenue.rows.map((row, index) => (
                <tr key={row.month}>
                  <td className={cellClass}>
                    <input type="hidden" name={`months[${index}].month`} value={row.month} />
                    {monthLabel(row.month)}
                  </td>
                  <td className={numberClass}>
                    {canEdit
                      ? input(
                          `months[${index}].forecast`,
                          row.forecastCents,
                          `${h("forecast")} ${monthLabel(row.month)}`,
                        )
                      : money(row.forecastCents, true)}
                  </td>
                  <td className={numberClass}>
                    {canEdit
                      ? input(
                          `months[${index}].actual`,
                          row.actualCents,
                          `${h("actual")} ${monthLabel(row.month)}`,
                        )
                      : money(row.actualCents, true)}
                  </td>
                  <td className={numberClass}>{money(row.cumulativeForecastCents)}</td>
                  <td className={numberClass}>{money(row.cumulativeActualCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="font-semibold">
              <tr>
                <td className={cellClass}>{h("total")}</td>
                <td className={numberClass}>{money(revenue.totals.forecastCents)}</td>
                <td className={numberClass}>{money(revenue.totals.actualCents)}</td>
                <td className={cellClass} colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit">{h("save")}</Button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

type RfaRow = {
  id: string;
  number: string;
  title: string;
  amountCents: number | null;
  status: import("../domain/vocabularies").RfaStatus;
  submittedOn: string | null;
  responseDueOn: string | null;
};

export function RfaTab({ rfas, canCreate }: { rfas: RfaRow[]; canCreate: boolean }) {
  const { t, money, day } = useUpstreamText();
  const h = (name: string) => t(`cost-and-commercial:rfa.fields.${name}`);
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t("cost-and-commercial:rfa.title")}</h2>
        {canCreate ? (
          <Link to={RFA_CREATE_PATH} className={buttonClass("primary")}>
            {t("cost-and-commercial:rfa.new")}
          </Link>
        ) : null}
      </div>
      {rfas.length === 0 ? (
        <p className="text-sm text-slate-600">{t("cost-and-commercial:rfa.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className={tableClass}>
            <caption className="sr-only">{t("cost-and-commercial:rfa.title")}</caption>
            <thead className={headClass}>
              <tr>
                <th className="px-2 py-2">{h("number")}</th>
                <th className="px-2 py-2">{h("title")}</th>
                <th className="px-2 py-2">{h("status")}</th>
                <th className="px-2 py-2 text-right">{h("amount")}</th>
                <th className="px-2 py-2">{h("submittedOn")}</th>
                <th className="px-2 py-2">{h("responseDueOn")}</th>
              </tr>
            </thead>
            <tbody>
              {rfas.map((rfa) => (
                <tr key={rfa.id}>
                  <td className={cellClass}>
                    <Link to={rfaPath(rfa.id)} className="font-medium text-brand-700 hover:underline">
                      {rfa.number}
                    </Link>
                  </td>
                  <td className={cellClass}>{rfa.title}</td>
                  <td className={cellClass}>
                    <RfaStatusBadge status={rfa.status} />
                  </td>
                  <td className={numberClass}>{money(rfa.amountCents, true)}</td>
                  <td className={cellClass}>{day(rfa.submittedOn)}</td>
                  <td className={cellClass}>{day(rfa.responseDueOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type Packages = {
  connected: boolean;
  canSync: boolean;
  syncedAt: string | null;
  run: { status: string; error: string | null } | null;
  packages: { id: string; packageType: string; code: string; name: string; amountCents: number }[];
};

/** ACC packages (budgets and contracts) as last read; "not connected" and no sync without a connection. */
export function PackagesTab({ packages }: { packages: Packages }) {
  const { t, translate, money, locale } = useUpstreamText();
  const refusals = usePostErrors(UPSTREAM_INTENTS.packageSync);
  const p = (name: string, params?: Record<string, string>) =>
    t(`cost-and-commercial:packages.${name}`, params);
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{p("title")}</h2>
      <FormAlert errors={translate(refusals)} />
      {packages.connected ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            {packages.syncedAt
              ? p("syncedAt", { when: formatDateTime(packages.syncedAt, locale) })
              : p("neverSynced")}
          </span>
          {packages.run && packages.run.status !== "completed" ? (
            <span className={packages.run.status === "failed" ? "text-red-700" : "text-slate-600"}>
              {p(`run.${packages.run.status}`)}
            </span>
          ) : null}
          {packages.canSync ? (
            <Form method="post" action={upstreamPath("packages")}>
              <input type="hidden" name="intent" value={UPSTREAM_INTENTS.packageSync} />
              <Button type="submit" size="sm">
                {p("sync")}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : (
        <p role="status" className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {p("notConnected")}
        </p>
      )}
      {packages.packages.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className={tableClass}>
            <caption className="sr-only">{p("title")}</caption>
            <thead className={headClass}>
              <tr>
                <th className="px-2 py-2">{p("type")}</th>
                <th className="px-2 py-2">{p("code")}</th>
                <th className="px-2 py-2">{p("name")}</th>
                <th className="px-2 py-2 text-right">{p("amount")}</th>
              </tr>
            </thead>
            <tbody>
              {packages.packages.map((row) => (
                <tr key={row.id}>
                  <td className={cellClass}>{p(`types.${row.packageType}`)}</td>
                  <td className={cellClass}>{row.code}</td>
                  <td className={cellClass}>{row.name}</td>
                  <td className={numberClass}>{money(row.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : packages.connected ? (
        <p className="text-sm text-slate-600">{p("empty")}</p>
      ) : null}
    </section>
  );
}
