import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { Pagination } from "~/app/ui/pagination";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { subcontractPath } from "../server/downstream-basics";
import type { ChangeRow } from "../server/subcontract-changes.server";
import { CHANGE_INTENTS, type ChangeKind, changeCreatePath } from "../server/subcontract-changes-basics";
import { ChangeRowSteps } from "./subcontract-changes-steps";
import { ContractStatusBadge, useUpstreamText } from "./upstream-text";

export type ChangeRegisterData = {
  rows: ChangeRow[];
  page: number;
  pageSize: number;
  total: number;
  totals: { approvedCents: number; pendingCents: number };
};

const headClass = "border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600";
const cellClass = "border-b border-slate-100 px-2 py-2 align-top";
const numberClass = `${cellClass} text-right tabular-nums whitespace-nowrap`;

/** A subcontract's variations or back charges: totals, the page of rows with their steps, and the add link. */
export function ChangeRegister({
  subcontractId,
  kind,
  register,
  canCreate,
  today,
}: {
  subcontractId: string;
  kind: ChangeKind;
  register: ChangeRegisterData;
  canCreate: boolean;
  today: string;
}) {
  const { t, translate, money, day } = useUpstreamText();
  const refusals = translate(usePostErrors(CHANGE_INTENTS.transition));
  const k = kind === "variations" ? "variation" : "backCharge";
  const text = (name: string, params?: Record<string, string>) =>
    t(`cost-and-commercial:${k}.${name}`, params);
  const field = (name: string) => t(`cost-and-commercial:variation.fields.${name}`);
  const isVariation = kind === "variations";
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{text("title")}</h2>
        {canCreate ? (
          <Link to={changeCreatePath(subcontractId, kind)} className={buttonClass("primary")}>
            {text("new")}
          </Link>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-slate-600">{field("approvedTotal")}</dt>
          <dd className="font-semibold tabular-nums">{money(register.totals.approvedCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{field("pendingTotal")}</dt>
          <dd className="font-semibold tabular-nums">{money(register.totals.pendingCents)}</dd>
        </div>
      </dl>
      <FormAlert errors={refusals} />
      {register.total === 0 ? (
        <p className="text-sm text-slate-600">{text("empty")}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">{text("title")}</caption>
              <thead className={headClass}>
                <tr>
                  <th className="px-2 py-2">{field("number")}</th>
                  <th className="px-2 py-2">{isVariation ? field("title") : field("description")}</th>
                  <th className="px-2 py-2 text-right">{field("amount")}</th>
                  <th className="px-2 py-2">{field("status")}</th>
                  {isVariation ? (
                    <>
                      <th className="px-2 py-2">{field("submittedOn")}</th>
                      <th className="px-2 py-2">{field("approvedOn")}</th>
                    </>
                  ) : (
                    <th className="px-2 py-2">{field("raisedOn")}</th>
                  )}
                  <th className="px-2 py-2">{field("claimedIn")}</th>
                  <th className="px-2 py-2">{field("steps")}</th>
                </tr>
              </thead>
              <tbody>
                {register.rows.map((row) => (
                  <tr key={row.id}>
                    <td className={`${cellClass} font-medium`}>{row.number}</td>
                    <td className={`${cellClass} whitespace-pre-line`}>{row.text}</td>
                    <td className={numberClass}>{money(row.amountCents)}</td>
                    <td className={cellClass}>
                      <ContractStatusBadge status={row.status} />
                    </td>
                    {isVariation ? (
                      <>
                        <td className={cellClass}>{day(row.submittedOn)}</td>
                        <td className={cellClass}>{day(row.approvedOn)}</td>
                      </>
                    ) : (
                      <td className={cellClass}>{day(row.raisedOn)}</td>
                    )}
                    <td className={cellClass}>
                      {row.claimNumber === null
                        ? "-"
                        : t("cost-and-commercial:variation.claimNumber", { number: row.claimNumber })}
                    </td>
                    <td className={cellClass}>
                      <ChangeRowSteps
                        to={subcontractPath(subcontractId, kind)}
                        id={row.id}
                        number={row.number}
                        steps={row.steps}
                        asksApprovedOn={isVariation}
                        today={today}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={register.page} pageSize={register.pageSize} total={register.total} />
        </>
      )}
    </section>
  );
}
