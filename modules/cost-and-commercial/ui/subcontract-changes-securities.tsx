import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { Pagination } from "~/app/ui/pagination";
import { StatusBadge } from "~/app/ui/status-badge";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { SECURITY_KINDS } from "../domain/vocabularies";
import { subcontractPath } from "../server/downstream-basics";
import {
  CHANGE_LIMITS,
  SECURITY_INTENTS,
  SECURITY_WARNING_DAYS,
  securityCreatePath,
  securityEditPath,
} from "../server/subcontract-changes-basics";
import type { SecurityRow } from "../server/subcontract-changes-securities.server";
import { MoneyInput } from "./money-input";
import { useUpstreamText } from "./upstream-text";

export type SecurityRegisterData = {
  rows: SecurityRow[];
  page: number;
  pageSize: number;
  total: number;
  totals: { heldCents: number; expired: number; expiring: number };
};

const headClass = "border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600";
const cellClass = "border-b border-slate-100 px-2 py-2 align-top";

/** The securities a subcontractor gave: held total, expiry warnings, each row's edit link and release. */
export function SecurityRegister({
  subcontractId,
  register,
  canEdit,
  today,
}: {
  subcontractId: string;
  register: SecurityRegisterData;
  canEdit: boolean;
  today: string;
}) {
  const { t, translate, money, day } = useUpstreamText();
  const refusals = translate(usePostErrors(SECURITY_INTENTS.release));
  const s = (name: string, params?: Record<string, unknown>) =>
    t(`cost-and-commercial:security.${name}`, params);
  const { totals } = register;
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{s("title")}</h2>
        {canEdit ? (
          <Link to={securityCreatePath(subcontractId)} className={buttonClass("primary")}>
            {s("new")}
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">{s("heldTotal", { amount: money(totals.heldCents) })}</p>
      {totals.expired > 0 ? (
        <p role="alert" className="rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {s("warnings.expiredCount", { count: totals.expired })}
        </p>
      ) : null}
      {totals.expiring > 0 ? (
        <p role="status" className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {s("warnings.expiringCount", { count: totals.expiring, days: SECURITY_WARNING_DAYS })}
        </p>
      ) : null}
      <FormAlert errors={refusals} />
      {register.total === 0 ? (
        <p className="text-sm text-slate-600">{s("empty")}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[46rem] text-left text-sm">
              <caption className="sr-only">{s("title")}</caption>
              <thead className={headClass}>
                <tr>
                  <th className="px-2 py-2">{s("fields.kind")}</th>
                  <th className="px-2 py-2">{s("fields.reference")}</th>
                  <th className="px-2 py-2">{s("fields.issuer")}</th>
                  <th className="px-2 py-2 text-right">{s("fields.amount")}</th>
                  <th className="px-2 py-2">{s("fields.issueDate")}</th>
                  <th className="px-2 py-2">{s("fields.expiryDate")}</th>
                  <th className="px-2 py-2">{s("fields.releasedOn")}</th>
                  {canEdit ? <th className="px-2 py-2">{s("fields.steps")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {register.rows.map((row) => (
                  <tr key={row.id}>
                    <td className={cellClass}>{s(`kinds.${row.kind}`)}</td>
                    <td className={`${cellClass} font-medium`}>{row.reference}</td>
                    <td className={cellClass}>{row.issuer ?? "-"}</td>
                    <td className={`${cellClass} whitespace-nowrap text-right tabular-nums`}>
                      {money(row.amountCents)}
                    </td>
                    <td className={cellClass}>{day(row.issueDate)}</td>
                    <td className={cellClass}>
                      <div className="flex flex-wrap items-center gap-1">
                        {day(row.expiryDate)}
                        {row.warning ? (
                          <StatusBadge tone={row.warning === "expired" ? "danger" : "warning"}>
                            {s(`warnings.${row.warning}`)}
                          </StatusBadge>
                        ) : null}
                      </div>
                    </td>
                    <td className={cellClass}>{day(row.releasedOn)}</td>
                    {canEdit ? (
                      <td className={cellClass}>
                        <div className="flex flex-wrap items-start gap-1">
                          <Link
                            to={securityEditPath(subcontractId, row.id)}
                            className={buttonClass("secondary", "sm")}
                            aria-label={s("editOf", { reference: row.reference })}
                          >
                            {s("edit")}
                          </Link>
                          {row.releasedOn ? null : (
                            <details>
                              <summary
                                className={buttonClass("secondary", "sm")}
                                aria-label={s("releaseOf", { reference: row.reference })}
                              >
                                {s("release")}
                              </summary>
                              <Form
                                method="post"
                                action={subcontractPath(subcontractId, "securities")}
                                className="mt-2 w-64 max-w-[80vw] space-y-2 rounded-lg border border-slate-200 bg-white p-3"
                              >
                                <input type="hidden" name="intent" value={SECURITY_INTENTS.release} />
                                <input type="hidden" name="id" value={row.id} />
                                <DateField
                                  label={`${s("fields.releasedOn")} *`}
                                  inputProps={{ name: "releasedOn", required: true, defaultValue: today }}
                                />
                                <Button type="submit" size="sm">
                                  {s("release")}
                                </Button>
                              </Form>
                            </details>
                          )}
                        </div>
                      </td>
                    ) : null}
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

/** A security's form, to add one or to edit it. */
export function SecurityForm({
  subcontractId,
  lastResult,
  defaultValue,
  editing,
}: {
  subcontractId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: Record<string, string>;
  editing: boolean;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "security-form", lastResult, defaultValue });
  const f = (name: string) => t(`cost-and-commercial:security.fields.${name}`);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">
        {t(`cost-and-commercial:security.${editing ? "editTitle" : "createTitle"}`)}
      </h2>
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <NativeSelect
          label={`${f("kind")} *`}
          name={getSelectProps(fields.kind).name}
          defaultValue={fields.kind.initialValue as string | undefined}
          placeholder={t("cost-and-commercial:security.choose")}
          options={SECURITY_KINDS.map((kind) => ({
            value: kind,
            label: t(`cost-and-commercial:security.kinds.${kind}`),
          }))}
          errors={translate(fields.kind.errors)}
          required
        />
        <TextField
          label={`${f("reference")} *`}
          errors={translate(fields.reference.errors)}
          inputProps={{
            ...getInputProps(fields.reference, { type: "text" }),
            required: true,
            maxLength: CHANGE_LIMITS.reference,
          }}
        />
        <TextField
          label={f("issuer")}
          errors={translate(fields.issuer.errors)}
          inputProps={{ ...getInputProps(fields.issuer, { type: "text" }), maxLength: CHANGE_LIMITS.issuer }}
        />
        <MoneyInput
          label={`${f("amount")} *`}
          name={fields.amount.name}
          defaultValue={fields.amount.initialValue as string | undefined}
          errors={translate(fields.amount.errors)}
          required
        />
        <DateField
          label={f("issueDate")}
          errors={translate(fields.issueDate.errors)}
          inputProps={getInputProps(fields.issueDate, { type: "date" })}
        />
        <DateField
          label={f("expiryDate")}
          hint={t("cost-and-commercial:security.expiryHint")}
          errors={translate(fields.expiryDate.errors)}
          inputProps={getInputProps(fields.expiryDate, { type: "date" })}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={subcontractPath(subcontractId, "securities")} className={buttonClass("secondary")}>
          {t("cost-and-commercial:variation.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(`cost-and-commercial:security.${editing ? "save" : "create"}`)}
        </Button>
      </div>
    </Form>
  );
}
