import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "../button";
import { DataTable, type DataTableColumn } from "../data-table";
import { EmptyState } from "../empty-state";
import { LinkTabs, selectedLinkTab } from "../link-tabs";
import { type BadgeTone, type MessageTone, StatusBadge } from "../status-badge";
import { Tabs } from "../tabs";
import { Example, ShowcaseSection } from "./showcase-section";

const BADGE_TONES: BadgeTone[] = ["success", "danger", "info", "warning", "neutral"];
const MESSAGE_TONES: MessageTone[] = ["SUCCESS", "DANGER", "INFO", "NONE"];
const VIEW_TABS = ["mine", "all"] as const;

type HoldPoint = { id: string; tone: BadgeTone };
const HOLD_POINTS: HoldPoint[] = [
  { id: "HP-01", tone: "success" },
  { id: "HP-02", tone: "warning" },
  { id: "HP-03", tone: "danger" },
];

export function DisplayShowcase() {
  const { t } = useTranslation(["storybook", "ui"]);
  const location = useLocation();
  const viewTabs = VIEW_TABS.map((value) => ({ value, label: t(`tabs.view.${value}`) }));
  const view = selectedLinkTab(location.search, viewTabs, "view");
  const columns: DataTableColumn<HoldPoint>[] = [
    { key: "id", header: t("table.reference"), cell: (row) => row.id },
    { key: "name", header: t("table.name"), cell: (row) => t(`table.sample.${row.id}`) },
    {
      key: "status",
      header: t("table.status"),
      cell: (row) => <StatusBadge tone={row.tone}>{t(`badge.tone.${row.tone}`)}</StatusBadge>,
    },
  ];

  return (
    <ShowcaseSection id="display" title={t("sections.display")}>
      <Example title={t("tabs.title")}>
        <Tabs
          label={t("tabs.lotSections")}
          tabs={[
            {
              value: "details",
              label: t("tabs.details"),
              content: <p className="text-sm">{t("tabs.detailsBody")}</p>,
            },
            { value: "itp", label: t("tabs.itp"), content: <p className="text-sm">{t("tabs.itpBody")}</p> },
            { value: "archived", label: t("tabs.archived"), content: null, disabled: true },
          ]}
        />
      </Example>

      <Example title={t("tabs.linkTitle")}>
        <LinkTabs tabs={viewTabs} label={t("tabs.viewLabel")} param="view">
          <p className="text-sm text-slate-700">{t(`tabs.viewBody.${view}`)}</p>
        </LinkTabs>
      </Example>

      <Example title={t("badge.title")}>
        <div className="flex flex-wrap gap-2">
          {BADGE_TONES.map((tone) => (
            <StatusBadge key={tone} tone={tone}>
              {t(`badge.tone.${tone}`)}
            </StatusBadge>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          {MESSAGE_TONES.map((tone) => (
            <StatusBadge key={tone} tone={tone}>
              {tone}
            </StatusBadge>
          ))}
        </div>
      </Example>

      <Example title={t("empty.title")}>
        <EmptyState
          item={t("empty.item")}
          description={t("empty.description")}
          action={
            <Link to="/storybook" className={buttonClass("primary", "sm")}>
              {t("empty.action")}
            </Link>
          }
        />
        <EmptyState />
      </Example>

      <Example title={t("table.title")} wide>
        <DataTable
          caption={t("table.caption")}
          columns={columns}
          rows={HOLD_POINTS}
          rowKey={(row) => row.id}
          page={1}
          pageSize={10}
          total={HOLD_POINTS.length}
        />
        <DataTable
          caption={t("table.emptyCaption")}
          columns={columns}
          rows={[]}
          rowKey={(row) => row.id}
          page={1}
          pageSize={10}
          total={0}
          empty={<EmptyState item={t("table.emptyItem")} />}
        />
        <Link to="/storybook/table-example" className={buttonClass("secondary")}>
          {t("table.openExample")}
        </Link>
      </Example>
    </ShowcaseSection>
  );
}
