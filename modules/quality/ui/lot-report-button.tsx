import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/app/ui/button";

/** "Download Lot": opens the lot's report page (generate, progress, download). Show it to quality.lot.download. */
export function LotReportButton({ lotId }: { lotId: string }) {
  const { t } = useTranslation("quality");
  return (
    <Link to={`/quality/lot/${lotId}/report`} className={buttonClass("secondary")}>
      {t("report.reportPage.button")}
    </Link>
  );
}
