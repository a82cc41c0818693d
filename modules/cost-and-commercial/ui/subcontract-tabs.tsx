import { useTranslation } from "react-i18next";
import { NavTabs } from "~/app/ui/nav-tabs";
import { SUBCONTRACT_TABS, type SubcontractTab, subcontractPath } from "../server/downstream-basics";

/** A subcontract's tabs: each is its own route (downstream-basics.ts), so they work without JavaScript. */
export function SubcontractTabs({
  subcontractId,
  current,
}: {
  subcontractId: string;
  current: SubcontractTab;
}) {
  const { t } = useTranslation();
  return (
    <NavTabs
      label={t("cost-and-commercial:subcontract.tabsLabel")}
      tabs={SUBCONTRACT_TABS.map((tab) => ({
        href: subcontractPath(subcontractId, tab),
        label: t(`cost-and-commercial:subcontract.tabs.${tab}`),
        current: tab === current,
      }))}
    />
  );
}
