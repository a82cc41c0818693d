import { EmptyState } from "~/app/ui/empty-state";
import type { AssignedItp } from "../server/lot-itp.server";
import { InspectionPoint } from "./itp-view";
import { useLotMessages } from "./lot-messages";
import { CheckStateBadge } from "./lot-status-badges";

type HoldWitnessItps = AssignedItp[];

/** The hold and witness points of the lot's ITPs, one table per ITP, with the lot's check state of each. */
export function LotHoldWitnessPoints({ itps }: { itps: HoldWitnessItps }) {
  const { t } = useLotMessages();
  const withPoints = itps.filter((itp) => itp.items.length > 0);
  if (withPoints.length === 0) return <EmptyState title={t("quality:lot.hpWp.empty")} />;
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("quality:lot.hpWp.title")}</h2>
      {withPoints.map((itp) => (
        <section key={itp.itpId} className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900">
            {itp.number} {itp.title}
          </h3>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("quality:lot.hpWp.caption", { itp: itp.number })}</caption>
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                    {t("quality:lot.hpWp.position")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                    {t("quality:lot.hpWp.activity")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                    {t("quality:lot.hpWp.point")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                    {t("quality:lot.hpWp.acceptanceCriteria")}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold text-slate-700 md:table-cell">
                    {t("quality:lot.hpWp.verifyingDocument")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                    {t("quality:lot.hpWp.state")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {itp.items.map((point) => (
                  <tr key={point.id}>
                    <td className="px-4 py-3 text-slate-600">{point.position}</td>
                    <td className="px-4 py-3 text-slate-900">{point.activity}</td>
                    <td className="px-4 py-3">
                      <InspectionPoint kind={point.inspectionPoint} />
                    </td>
                    <td className="whitespace-pre-line px-4 py-3 text-slate-700">
                      {point.acceptanceCriteria ?? "-"}
                    </td>
                    <td className="hidden px-4 py-3 text-slate-700 md:table-cell">
                      {point.verifyingDocument ?? "-"}
                    </td>
                    <td className="px-4 py-3">
                      <CheckStateBadge state={point.check.state} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
