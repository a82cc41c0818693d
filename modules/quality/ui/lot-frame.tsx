import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import type { LotFrame as LotFrameData } from "../server/lot-frame.server";
import { LOT_PATH, lotPath } from "../server/lot-rules";
import { LotGateBanner } from "./lot-gate-banner";
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
  activity,
  children,
}: {
  lot: LotFrameData;
  active: LotTab;
  /** Further header buttons, e.g. "Download Lot". */
  actions?: ReactNode;
  /** The lot's history, on the tab that loads it. */
  activity?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLotMessages();
  return (
    <DetailPage
      back={{ to: LOT_PATH, label: t("quality:lot.detail.back") }}
      title={
        <>
          <span className="text-slate-500">{lot.number}</span> {lot.title}
        </>
      }
      meta={
        <>
          <LotStatusBadges status={lot.status} subStatus={lot.subStatus} />
          <span>{lot.locationPath ?? t("quality:lot.detail.noLocation")}</span>
        </>
      }
      actions={
        <>
          {actions}
          {lot.canDownload ? <LotReportButton lotId={lot.id} /> : null}
          {lot.canEdit ? (
            <Link to={`${lotPath(lot.id)}/edit`} className={buttonClass("secondary")}>
              {t("quality:lot.detail.edit")}
            </Link>
          ) : null}
        </>
      }
      toolbar={<LotWorkflowActions lot={lot} />}
      tabs={{
        label: t("quality:lot.tabs.label"),
        items: TABS.map((tab) => ({
          href: tab.href(lot.id),
          label: t(tab.labelKey),
          current: tab.value === active,
        })),
      }}
      activity={activity}
    >
      <LotHoldBanner lot={lot} />
      <LotGateBanner lot={lot} />
      {children}
    </DetailPage>
  );
}

/** Which hold point holds the lot (issue #12): the lot does not go to the Project Engineer until it is cleared. */
function LotHoldBanner({ lot }: { lot: LotFrameData }) {
  const { t } = useLotMessages();
  const hold = lot.holdingPoint;
  if (!hold) return null;
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>
        {t("quality:hpWp.banner.held", {
          itp: hold.itpNumber,
          position: hold.position,
          activity: hold.activity,
          state: t(`quality:hpWp.state.${hold.state}`),
        })}
        {lot.holdingCount > 1 ? ` ${t("quality:hpWp.banner.more", { count: lot.holdingCount - 1 })}` : null}
      </p>
      <Link to={`${lotPath(lot.id)}/hp-wp#point-${hold.itemId}`} className="font-medium underline">
        {t("quality:hpWp.banner.open")}
      </Link>
    </div>
  );
}
