import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { Select } from "~/app/ui/select";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import type { LotItpTabData } from "../server/lot-itp.server";
import { ConfirmedPost } from "./lot-itp-confirm";
import { LotItpItems } from "./lot-itp-items";
import { type RefusedForm, useReportMessages } from "./lot-itp-messages";

/** The assign form: the project's active ITPs that this lot does not have yet. */
export function LotItpAssign({ data, refused }: { data: LotItpTabData; refused: RefusedForm | null }) {
  const { t, errorsOf } = useReportMessages();
  const result = refused?.intent === "assign" ? refused.result : null;
  if (!data.can.assign) return null;
  if (data.assignable.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:report.itpTab.noAssignable")}</p>;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="assign" />
      <Select
        className="min-w-72 flex-1"
        label={t("quality:report.itpTab.assignLabel")}
        name="itpId"
        placeholder={t("quality:report.itpTab.assignPlaceholder")}
        options={data.assignable.map((itp) => ({ value: itp.id, label: `${itp.number} ${itp.title}` }))}
        errors={errorsOf(result, "itpId")}
        required
      />
      <Button type="submit">{t("quality:report.itpTab.assign")}</Button>
      <FormAlert errors={errorsOf(result)} />
    </Form>
  );
}

/** Each assigned ITP with its items and, while nothing was recorded against it, a Remove button. */
export function LotItpAssigned({ data, refused }: { data: LotItpTabData; refused: RefusedForm | null }) {
  const { t, locale, errorsOf } = useReportMessages();
  if (data.itps.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:report.itpTab.noItps")}</p>;
  return (
    <div className="space-y-6">
      {data.itps.map((itp) => {
        const result =
          refused?.intent === "unassign" && refused.target === itp.lotItpId ? refused.result : null;
        return (
          <section
            key={itp.lotItpId}
            aria-labelledby={`itp-${itp.lotItpId}`}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <header className="flex flex-wrap items-start justify-between gap-3">
              <div className="space-y-1">
                <h3
                  id={`itp-${itp.lotItpId}`}
                  className="flex flex-wrap items-center gap-2 font-semibold text-slate-900"
                >
                  <a href={`/quality/itp/${itp.itpId}`} className="hover:underline">
                    {itp.number} {itp.title}
                  </a>
                  <StatusBadge tone={itp.status === "active" ? "success" : "neutral"}>
                    {t(`quality:itp.status.${itp.status}`)}
                  </StatusBadge>
                </h3>
                <p className="text-xs text-slate-500">
                  {t("quality:report.itpTab.assignedBy", {
                    name: itp.assignedBy ?? "-",
                    date: formatDate(itp.assignedAt, locale),
                  })}
                </p>
              </div>
              {data.can.assign ? (
                itp.checksRecorded > 0 ? (
                  <p className="max-w-xs text-xs text-slate-500">
                    {t("quality:report.itpTab.unassignBlocked")}
                  </p>
                ) : (
                  <ConfirmedPost
                    label={t("quality:report.itpTab.unassign")}
                    title={t("quality:report.itpTab.unassignTitle", { number: itp.number })}
                    description={t("quality:report.itpTab.unassignDescription")}
                    fields={{ intent: "unassign", lotItpId: itp.lotItpId }}
                  />
                )
              ) : null}
            </header>
            <FormAlert errors={errorsOf(result)} />
            <LotItpItems itp={itp} can={data.can} blocked={data.blocked} refused={refused} />
          </section>
        );
      })}
    </div>
  );
}
