import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ErrorList, FormAlert } from "~/app/ui/field";
import { formatDateTime } from "~/app/utils/format";
import type { AssignedItp, LotItpItem, LotItpTabData } from "../server/lot-itp.server";
import { InspectionPoint } from "./itp-view";
import { type RefusedForm, useReportMessages } from "./lot-itp-messages";
import { CheckStateBadge } from "./lot-status-badges";

const RECORDED_STATES = ["conforming", "non_conforming", "not_applicable"] as const;

type ItemsProps = { itp: AssignedItp; can: LotItpTabData["can"]; refused: RefusedForm | null };

/** The ITP's items in plan order, each with its check on this lot and the forms to record it. */
export function LotItpItems({ itp, can, refused }: ItemsProps) {
  const { t } = useReportMessages();
  if (itp.items.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:report.itpTab.noItems")}</p>;
  const column = (key: string) => t(`quality:report.itpTab.columns.${key}`);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("quality:report.itpTab.items", { number: itp.number })}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {[
              "position",
              "activity",
              "inspectionPoint",
              "acceptanceCriteria",
              "verifyingDocument",
              "signatures",
              "check",
            ].map((key) => (
              <th key={key} scope="col" className="px-3 py-2 font-semibold">
                {column(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {itp.items.map((item) => (
            <ItemRow key={item.id} item={item} can={can} refused={refused} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemRow({
  item,
  can,
  refused,
}: {
  item: LotItpItem;
  can: ItemsProps["can"];
  refused: RefusedForm | null;
}) {
  const { t, locale, errorsOf } = useReportMessages();
  const checkResult = refused?.intent === "check" && refused.target === item.id ? refused.result : null;
  const signResult = refused?.intent === "sign" && refused.target === item.id ? refused.result : null;
  const signatures = [
    item.subcontractorSignature ? t("quality:report.signatureNames.subcontractor") : null,
    item.clientSignature ? t("quality:report.signatureNames.client") : null,
    item.otherSignatureRole,
  ].filter(Boolean);
  const { check } = item;
  return (
    <tr id={`item-${item.id}`}>
      <td className="px-3 py-2 text-slate-500">{item.position}</td>
      <td className="px-3 py-2 font-medium text-slate-900">{item.activity}</td>
      <td className="px-3 py-2">
        <InspectionPoint kind={item.inspectionPoint} />
      </td>
      <td className="px-3 py-2 whitespace-pre-line">{item.acceptanceCriteria ?? "-"}</td>
      <td className="px-3 py-2">{item.verifyingDocument ?? "-"}</td>
      <td className="px-3 py-2">{signatures.length ? signatures.join(", ") : "-"}</td>
      <td className="min-w-72 space-y-2 px-3 py-2">
        <CheckStateBadge state={check.state} />
        {check.comment ? <p className="whitespace-pre-line text-slate-700">{check.comment}</p> : null}
        {check.checkedBy ? (
          <p className="text-xs text-slate-500">
            {t("quality:report.itpTab.checkedBy", {
              name: check.checkedBy,
              date: formatDateTime(check.checkedAt, locale),
            })}
          </p>
        ) : null}
        {can.check ? (
          <Form method="post" className="space-y-2" aria-label={t("quality:report.itpTab.record")}>
            <input type="hidden" name="intent" value="check" />
            <input type="hidden" name="itemId" value={item.id} />
            <FormAlert errors={errorsOf(checkResult)} />
            <fieldset>
              <legend className="text-xs font-medium text-slate-700">
                {t("quality:report.itpTab.state")}
              </legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {RECORDED_STATES.map((state) => (
                  <label key={state} className="flex items-center gap-1 text-xs">
                    <input
                      type="radio"
                      name="state"
                      value={state}
                      defaultChecked={check.state === state}
                      required
                    />
                    {t(`quality:lot.checkState.${state}`)}
                  </label>
                ))}
              </div>
              <ErrorList errors={errorsOf(checkResult, "state")} />
            </fieldset>
            <label className="block text-xs font-medium text-slate-700">
              {t("quality:report.itpTab.comment")}
              <textarea
                name="comment"
                rows={2}
                maxLength={2000}
                defaultValue={check.comment ?? ""}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
              />
            </label>
            <ErrorList errors={errorsOf(checkResult, "comment")} />
            <Button type="submit" size="sm" variant="secondary">
              {t("quality:report.itpTab.record")}
            </Button>
          </Form>
        ) : null}
        {item.subcontractorSignature ? (
          check.subcontractorSignedAt ? (
            <p className="text-xs text-green-800">
              {t("quality:report.itpTab.signedBy", {
                name: check.subcontractorSignedBy ?? "-",
                date: formatDateTime(check.subcontractorSignedAt, locale),
              })}
            </p>
          ) : can.sign ? (
            <Form method="post">
              <input type="hidden" name="intent" value="sign" />
              <input type="hidden" name="itemId" value={item.id} />
              <FormAlert errors={errorsOf(signResult)} />
              <Button type="submit" size="sm">
                {t("quality:report.itpTab.sign")}
              </Button>
            </Form>
          ) : (
            <p className="text-xs text-slate-500">{t("quality:report.itpTab.awaitingSignature")}</p>
          )
        ) : null}
      </td>
    </tr>
  );
}
