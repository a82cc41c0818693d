import { cn } from "./cn";

// Apart from tabs.tsx so that link tabs (NavTabs), which look the same, do not load Radix Tabs.

// The list's rule is an inset shadow, not a border, so the selected tab's underline can cover it
// without overflowing the scroll box (a -1px margin would add a needless vertical scrollbar).
export const tabListClass = "flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-slate-200)]";

export const tabClass = (active: boolean, disabled = false) =>
  cn(
    "whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600",
    active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
    disabled && "cursor-not-allowed opacity-50 hover:text-slate-600",
  );
