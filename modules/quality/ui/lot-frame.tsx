import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/app/ui/button";
import { tabClass, tabListClass } from "~/app/ui/tabs";
import type { LotFrame as LotFrameData } from "../server/lot-frame.server";
import { LOT_PATH, lotPath } from "../server/lot-rules";
import { useLotMessages } from "./lot-messages";
import { LotReportButton } from "./lot-report-button";
import { LotStatusBadges } from "./lot-status-badges";
import { LotWorkflowActions } from "./lot-workflow-actions";

export type LotTab = "detail" | "itp" | "hp-wp";

const TABS: { value: LotTab; labelKey: string; href: (id: string) => string }[] = [
  { value: "detail", labelKey: "quality:lot.tabs.detail", href: lotPath },
  { value: "itp", labelKey: "quality:lot.tabs.itp", href: (id) => `${lotPath(id)}/itp` },
  { value: "hp-wp", labelKey: "quality:lot.tabs.hpWp", href: (id) => `${lotPath(id)}/hp-wp` },
];

/**
 * The lot's header (number, title, status, location, Edit, the workflow buttons and any extra actions a
 * tab adds) and its tabs (Detail, ITP, HP/WP); each tab is its own route, so the tabs are links.
 */
export function LotFrame({
  lot,
  active,
  actions,
  children,
}: {
  lot: LotFrameData;
  active: LotTab;
  /** Further header buttons, e.g. "Download Lot". */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLotMessages();
  return (
    <div className="space-y-6">
      <Link to={LOT_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quality:lot.detail.back")}
      </Link>
      <header className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-semibold text-slate-900">
              <span className="text-slate-500">{lot.number}</span> {lot.title}
            </h1>
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              <LotStatusBadges status={lot.status} subStatus={lot.subStatus} />
              <span>{lot.locationPath ?? t("quality:lot.detail.noLocation")}</span>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            {lot.canDownload ? <LotReportButton lotId={lot.id} /> : null}
            {lot.canEdit ? (
              <Link to={`${lotPath(lot.id)}/edit`} className={buttonClass("secondary")}>
                {t("quality:lot.detail.edit")}
              </Link>
            ) : null}
          </div>
        </div>
        <LotWorkflowActions lot={lot} />
      </header>
      <nav aria-label={t("quality:lot.tabs.label")} className={tabListClass}>
        {TABS.map((tab) => (
          <Link
            key={tab.value}
            to={tab.href(lot.id)}
            aria-current={tab.value === active ? "page" : undefined}
            className={tabClass(tab.value === active)}
          >
            {t(tab.labelKey)}
          </Link>
        ))}
      </nav>
      <div>{children}</div>
    </div>
  );
}
