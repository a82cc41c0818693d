import { cn } from "./cn";

// Apart from tabs.tsx so that link tabs (NavTabs), which look the same, do not load Radix Tabs. The looks
// are classes in app.css (.tab-list, .tab), short in the markup of every tab.

export const tabListClass = "tab-list";

export const tabClass = (active: boolean, disabled = false) =>
  cn("tab", active && "tab-current", disabled && "tab-disabled");
