import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { FormAlert, TextField } from "~/app/ui/field";
import { Pagination } from "~/app/ui/pagination";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { INDIRECT_PATH } from "../server/downstream-basics";
import type { IndirectRow } from "../server/indirect-costs.server";
import { INDIRECT_INTENTS, indirectEditPath } from "../server/subcontract-changes-basics";
import { useUpstreamText } from "./upstream-text";

type Figures = { budgetCents: number; actualCents: number; varianceCents: number };

const headClass = "border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600";
const cellClass = "border-b border-slate-100 px-2 py-2 align-top";
const numberClass = `${cellClass} text-right tabular-nums whitespace-nowrap`;

/** The month filter: a GET form, so the month is in the URL and the page works without JavaScript. */
export function IndirectMonthFilter({ month }: { month: string | null }) {
  const { t } = useUpstreamText();
  return (
    <Form method="get" action={INDIRECT_PATH} className="flex flex-wrap items-end gap-2">
      <TextField
        label={t("cost-and-commercial:indirect.fields.month")}
        inputProps={{ type: "month", name: "month", defaultValue: month ?? "" }}
      />
      <Button type="submit" variant="secondary">
        {t("cost-and-commercial:indirect.filter")}
      </Button>
      {month ? (
        <Link to={INDIRECT_PATH} className={buttonClass("secondary")}>
          {t("cost-and-commercial:indirect.allMonths")}
        </Link>
      ) : null}
    </Form>
  );
}

/** Budget, actual and variance per category, and their total. */
export function IndirectTotals({
  totals,
}: {
  totals: { categories: (Figures & { category: string })[]; total: Figures };
}) {
  const { t, money } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:indirect.fields.${name}`);
  if (totals.categories.length === 0) return null;
  const variance = (cents: number) => (
    <span className={cents < 0 ? "text-red-700" : undefined}>{money(cents)}</span>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="px-2 py-2 text-left font-semibold text-slate-900">
          {t("cost-and-commercial:indirect.byCategory")}
        </caption>
        <thead className={headClass}>
          <tr>
            <th className="px-2 py-2">{f("category")}</th>
            <th className="px-2 py-2 text-right">{f("budget")}</th>
            <th className="px-2 py-2 text-right">{f("actual")}</th>
            <th className="px-2 py-2 text-right">{f("variance")}</th>
          </tr>
        </thead>
        <tbody>
          {totals.categories.map((row) => (
            <tr key={row.category}>
              <td className={cellClass}>{row.category}</td>
              <td className={numberClass}>{money(row.budgetCents)}</td>
              <td className={numberClass}>{money(row.actualCents)}</td>
              <td className={numberClass}>{variance(row.varianceCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="font-semibold">
          <tr>
            <td className={cellClass}>{t("cost-and-commercial:indirect.total")}</td>
            <td className={numberClass}>{money(totals.total.budgetCents)}</td>
            <td className={numberClass}>{money(totals.total.actualCents)}</td>
            <td className={numberClass}>{variance(totals.total.varianceCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The lines of the month (or of every month), with each one's edit link and its delete ("I am sure"). */
export function IndirectList({
  list,
  can,
}: {
  list: { rows: IndirectRow[]; page: number; pageSize: number; total: number };
  can: { edit: boolean; delete: boolean };
}) {
  const { t, translate, money } = useUpstreamText();
  const refusals = translate(usePostErrors(INDIRECT_INTENTS.delete));
  const f = (name: string) => t(`cost-and-commercial:indirect.fields.${name}`);
  const acts = can.edit || can.delete;
  if (list.total === 0)
    return <p className="text-sm text-slate-600">{t("cost-and-commercial:indirect.empty")}</p>;
  return (
    <div className="space-y-3">
      <FormAlert errors={refusals} />
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{t("cost-and-commercial:indirect.title")}</caption>
          <thead className={headClass}>
            <tr>
              <th className="px-2 py-2">{f("month")}</th>
              <th className="px-2 py-2">{f("category")}</th>
              <th className="px-2 py-2">{f("description")}</th>
              <th className="px-2 py-2 text-right">{f("budget")}</th>
              <th className="px-2 py-2 text-right">{f("actual")}</th>
              <th className="px-2 py-2 text-right">{f("variance")}</th>
              {acts ? <th className="px-2 py-2">{f("steps")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.id}>
                <td className={`${cellClass} whitespace-nowrap`}>{row.month}</td>
                <td className={cellClass}>{row.category}</td>
                <td className={cellClass}>{row.description}</td>
                <td className={numberClass}>{money(row.budgetCents)}</td>
                <td className={numberClass}>{money(row.actualCents)}</td>
                <td className={`${numberClass} ${row.varianceCents < 0 ? "text-red-700" : ""}`}>
                  {money(row.varianceCents)}
                </td>
                {acts ? (
                  <td className={cellClass}>
                    <div className="flex flex-wrap items-start gap-1">
                      {can.edit ? (
                        <Link
                          to={indirectEditPath(row.id)}
                          className={buttonClass("secondary", "sm")}
                          aria-label={t("cost-and-commercial:indirect.editOf", {
                            description: row.description,
                          })}
                        >
                          {t("cost-and-commercial:indirect.edit")}
                        </Link>
                      ) : null}
                      {can.delete ? (
                        <ConfirmInPlaceForm
                          summary={t("cost-and-commercial:indirect.delete")}
                          summaryLabel={t("cost-and-commercial:indirect.deleteOf", {
                            description: row.description,
                          })}
                          summaryLook="button"
                          action={INDIRECT_PATH}
                          intent={INDIRECT_INTENTS.delete}
                          fields={{ id: row.id }}
                          confirmLabel={t("cost-and-commercial:variation.steps.confirmed")}
                          submitLabel={t("cost-and-commercial:indirect.delete")}
                        />
                      ) : null}
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
    </div>
  );
}
