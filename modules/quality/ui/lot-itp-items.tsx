import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ErrorList, FormAlert } from "~/app/ui/field";
import { formatDateTime } from "~/app/utils/format";
import type { AssignedItp, LotItpItem, LotItpTabData } from "../server/lot-itp.server";
import { InspectionPoint } from "./itp-view";
import { type RefusedForm, useReportMessages } from "./lot-itp-messages";
import { CheckStateBadge } from "./lot-status-badges";

const RECORDED_STATES = ["conforming", "non_conforming", "not_applicable"] as const;

type ItemsProps = {
  itp: AssignedItp;
  can: LotItpTabData["can"];
  /** Items after a hold point still holding, with that hold point. */
  blocked: LotItpTabData["blocked"];
  refused: RefusedForm | null;
};

const COLUMNS = [
  "position",
  "activity",
  "inspectionPoint",
  "acceptanceCriteria",
  "verifyingDocument",
  "signatures",
  "check",
] as const;

/** A cell's name where each item is a card (phones, tablets) and the table's header row is hidden. */
function PhoneLabel({ column }: { column: (typeof COLUMNS)[number] }) {
  const { t } = useReportMessages();
  return (
    <span className="block text-xs font-medium text-slate-500 xl:hidden">
      {t(`quality:report.itpTab.columns.${column}`)}
    </span>
  );
}

/**
 * The ITP's items in plan order, each with its check on this lot and the forms to record it. A table
 * from the xl breakpoint, where its seven columns fit beside the menu; below it each row is a card, so
 * "Record check" is on screen without scrolling sideways. One set of forms either way (the cells change
 * their display, not the markup).
 */
export function LotItpItems({ itp, can, blocked, refused }: ItemsProps) {
  const { t } = useReportMessages();
  if (itp.items.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:report.itpTab.noItems")}</p>;
  return (
    <div className="relative xl:overflow-x-auto">
      <table className="block min-w-full text-sm xl:table xl:divide-y xl:divide-slate-200">
        <caption className="sr-only">{t("quality:report.itpTab.items", { number: itp.number })}</caption>
        <thead className="hidden bg-slate-50 text-left text-slate-700 xl:table-header-group">
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 font-semibold">
                {t(`quality:report.itpTab.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 xl:table-row-group xl:space-y-0 xl:divide-y xl:divide-slate-100 xl:align-top">
          {itp.items.map((item) => (
            <ItemRow key={item.id} item={item} can={can} hold={blocked[item.id]} refused={refused} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ItemRow({
  item,
  can,
  hold,
  refused,
}: {
  item: LotItpItem;
  can: ItemsProps["can"];
  hold: ItemsProps["blocked"][string] | undefined;
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
  const cell = "block py-1 xl:table-cell xl:px-3 xl:py-2";
  return (
    <tr
      id={`item-${item.id}`}
      className="block rounded-lg border border-slate-200 p-3 xl:table-row xl:rounded-none xl:border-0 xl:p-0"
    >
      {/* On a phone the number and the activity make the card's heading. */}
      <td className="inline pr-2 font-semibold text-slate-500 xl:table-cell xl:px-3 xl:py-2 xl:font-normal">
        {item.position}
      </td>
      <td className="inline font-medium text-slate-900 xl:table-cell xl:px-3 xl:py-2">{item.activity}</td>
      <td className={`${cell} mt-2 xl:mt-0`}>
        <PhoneLabel column="inspectionPoint" />
        <InspectionPoint kind={item.inspectionPoint} />
      </td>
      <td className={`${cell} whitespace-pre-line`}>
        <PhoneLabel column="acceptanceCriteria" />
        {item.acceptanceCriteria ?? "-"}
      </td>
      <td className={cell}>
        <PhoneLabel column="verifyingDocument" />
        {item.verifyingDocument ?? "-"}
      </td>
      <td className={cell}>
        <PhoneLabel column="signatures" />
        {signatures.length ? signatures.join(", ") : "-"}
      </td>
      <td className="mt-2 block space-y-2 border-t border-slate-100 pt-3 xl:mt-0 xl:table-cell xl:min-w-64 xl:border-0 xl:px-3 xl:py-2">
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
        {can.check && hold ? (
          <>
            <FormAlert errors={errorsOf(checkResult)} />
            <p className="rounded-md border border-amber-200 bg-amber-50 px-2 py-1 text-xs text-amber-900">
              {t("quality:hpWp.errors.itemBlocked", {
                itp: hold.itpNumber,
                position: hold.position,
                activity: hold.activity,
              })}
            </p>
          </>
        ) : can.check ? (
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
                  <label
                    key={state}
                    className="flex items-center gap-2 py-1 text-sm xl:gap-1 xl:py-0 xl:text-xs"
                  >
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
            <Button type="submit" size="sm" variant="secondary" className="w-full sm:w-auto">
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
