import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { EmptyState } from "~/app/ui/empty-state";
import { formatDateTime } from "~/app/utils/format";
import type { LotItr } from "../server/lot-itrs.server";
import { useReportMessages } from "./lot-itp-messages";

/** The lot's ITRs under its ITPs: title, description, upload date, uploader and a link to each. */
export function LotItpItrs({
  lotId,
  itrs,
  canUpload,
}: {
  lotId: string;
  itrs: LotItr[];
  canUpload: boolean;
}) {
  const { t, locale } = useReportMessages();
  const column = (key: string) => t(`quality:report.itr.columns.${key}`);
  const upload = canUpload ? (
    <Link to={`/quality/lot/${lotId}/itr/new`} className={buttonClass("primary", "sm")}>
      {t("quality:report.itr.upload")}
    </Link>
  ) : null;
  return (
    <section aria-labelledby="lot-itrs" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lot-itrs" className="text-lg font-semibold text-slate-900">
          {t("quality:report.itr.heading")}
        </h2>
        {itrs.length ? upload : null}
      </div>
      {itrs.length === 0 ? (
        <EmptyState title={t("quality:report.itr.noItrs")} action={upload} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("quality:report.itr.heading")}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                {["title", "description", "uploadedAt", "uploadedBy", "link"].map((key) => (
                  <th key={key} scope="col" className="px-4 py-2 font-semibold">
                    {column(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {itrs.map((itr) => (
                <tr key={itr.id}>
                  <td className="px-4 py-2 font-medium">
                    <Link
                      to={`/quality/lot/${lotId}/itr/${itr.id}`}
                      className="text-brand-700 hover:underline"
                    >
                      {itr.title}
                    </Link>
                  </td>
                  <td className="max-w-md px-4 py-2 text-slate-700">{itr.description ?? "-"}</td>
                  <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(itr.uploadedAt, locale)}</td>
                  <td className="px-4 py-2">{itr.uploadedBy ?? "-"}</td>
                  <td className="px-4 py-2">
                    <a href={`/attachments/${itr.id}`} className="text-brand-700 hover:underline">
                      {itr.fileName}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
