import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { EmptyState } from "~/app/ui/empty-state";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOWNSTREAM_PERMISSIONS, isSubcontractLive } from "../domain/downstream-workflow";
import {
  DOWNSTREAM_PATH,
  subcontractClaimCreatePath,
  subcontractClaimPath,
} from "../server/downstream-basics";
import { subcontractClaimList } from "../server/subcontract-claim.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { SubcontractTabs } from "../ui/subcontract-tabs";
import { ContractStatusBadge, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.code ?? "Subcontract"} payment claims | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return {
    id: subcontract.id,
    code: subcontract.code,
    title: subcontract.title,
    status: subcontract.status,
    claims: await subcontractClaimList(context.em, subcontract),
    canCreate: isSubcontractLive(subcontract.status) && context.can(DOWNSTREAM_PERMISSIONS.create),
  };
}

/** A subcontract's payment claims, each with what it claims, what was certified and the retention held. */
export default function SubcontractClaimsPage() {
  const page = useLoaderData<typeof loader>();
  const { t, money, day } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:subcontractClaim.fields.${name}`);
  const createLink = page.canCreate ? (
    <Link to={subcontractClaimCreatePath(page.id)} className={buttonClass()}>
      {t("cost-and-commercial:subcontractClaim.create")}
    </Link>
  ) : null;
  const amount = "px-3 py-2 text-right tabular-nums whitespace-nowrap";
  const cell = "px-3 py-2 whitespace-nowrap";
  return (
    <DetailPage
      back={{ to: DOWNSTREAM_PATH, label: t("cost-and-commercial:subcontract.back") }}
      title={`${page.code} · ${page.title}`}
      meta={<ContractStatusBadge status={page.status} />}
      actions={createLink}
    >
      <div className="space-y-4">
        <SubcontractTabs subcontractId={page.id} current="claims" />
        {page.claims.rows.length === 0 ? (
          <EmptyState item={t("cost-and-commercial:subcontractClaim.items")} action={createLink} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t("cost-and-commercial:subcontract.tabs.claims")}</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600">
                <tr>
                  <th scope="col" className={cell}>
                    {f("number")}
                  </th>
                  <th scope="col" className={cell}>
                    {f("billingPeriodEnd")}
                  </th>
                  <th scope="col" className={cell}>
                    {f("invoiceNumber")}
                  </th>
                  <th scope="col" className={cell}>
                    {f("status")}
                  </th>
                  <th scope="col" className={amount}>
                    {f("claimed")}
                  </th>
                  <th scope="col" className={amount}>
                    {f("certified")}
                  </th>
                  <th scope="col" className={amount}>
                    {f("retentionHeld")}
                  </th>
                  <th scope="col" className={cell}>
                    {f("paymentDueOn")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.claims.rows.map((claim) => (
                  <tr key={claim.id}>
                    <td className={cell}>
                      <Link
                        to={subcontractClaimPath(page.id, claim.id)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {t("cost-and-commercial:subcontractClaim.number", { number: claim.number })}
                      </Link>
                    </td>
                    <td className={cell}>{day(claim.billingPeriodEnd)}</td>
                    <td className={cell}>{claim.invoiceNumber ?? "-"}</td>
                    <td className={cell}>
                      <ContractStatusBadge status={claim.status} />
                    </td>
                    <td className={amount}>{money(claim.claimedCents)}</td>
                    <td className={amount}>
                      {claim.certifiedCents === null ? "-" : money(claim.certifiedCents)}
                    </td>
                    <td className={amount}>{money(claim.retentionHeldCents)}</td>
                    <td className={cell}>{day(claim.paymentDueOn)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-200 font-semibold">
                <tr>
                  <th scope="row" colSpan={4} className={cell}>
                    {t("cost-and-commercial:subcontractClaim.totals")}
                  </th>
                  <td className={amount}>{money(page.claims.totals.claimedCents)}</td>
                  <td className={amount}>{money(page.claims.totals.certifiedCents)}</td>
                  <td className={amount}>{money(page.claims.totals.retentionHeldCents)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </div>
    </DetailPage>
  );
}
