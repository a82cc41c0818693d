import { useLocation } from "@remix-run/react";
import { NavTabs } from "./nav-tabs";
import { hrefWithParams } from "./search-params";

export type LinkTabItem = { value: string; label: React.ReactNode };

type LinkTabsProps = {
  tabs: LinkTabItem[];
  label: string;
  /** The search param holding the tab, e.g. ?view=all. */
  param?: string;
  /** The tab shown when the param is absent; its link drops the param to keep URLs short. */
  defaultValue?: string;
  children?: React.ReactNode;
  className?: string;
};

/** The selected tab of a LinkTabs, for the loader and the component alike. */
export function selectedLinkTab(
  search: string | URLSearchParams,
  tabs: LinkTabItem[],
  param = "tab",
  fallback?: string,
) {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const requested = params.get(param);
  return tabs.some((tab) => tab.value === requested) ? requested! : (fallback ?? tabs[0]?.value);
}

/**
 * Tabs that are links setting a search param: they work without JavaScript, can be shared, and let
 * the loader fetch only the selected tab's data. The children are the selected tab's content.
 */
export function LinkTabs({ tabs, label, param = "tab", defaultValue, children, className }: LinkTabsProps) {
  const location = useLocation();
  const fallback = defaultValue ?? tabs[0]?.value;
  const selected = selectedLinkTab(location.search, tabs, param, fallback);
  return (
    <div className={className}>
      <NavTabs
        label={label}
        tabs={tabs.map((tab) => ({
          href: hrefWithParams(location.pathname, location.search, {
            [param]: tab.value === fallback ? null : tab.value,
          }),
          label: tab.label,
          current: tab.value === selected,
        }))}
      />
      {children ? <div className="pt-4">{children}</div> : null}
    </div>
  );
}
