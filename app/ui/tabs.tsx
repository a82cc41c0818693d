import * as TabsPrimitive from "@radix-ui/react-tabs";
import { cn } from "./cn";

export type TabItem = { value: string; label: React.ReactNode; content: React.ReactNode; disabled?: boolean };

type TabsProps = {
  tabs: TabItem[];
  /** Accessible name of the tab list, e.g. "Lot sections". */
  label: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
};

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

/**
 * Tabs switched in the browser; arrow keys move between tabs. Only the selected panel is in the page,
 * so without JavaScript the other panels cannot be reached: for tabs that must work without scripts
 * or be linkable, use `LinkTabs`.
 */
export function Tabs({ tabs, label, defaultValue, value, onValueChange, className }: TabsProps) {
  return (
    <TabsPrimitive.Root
      defaultValue={defaultValue ?? tabs[0]?.value}
      value={value}
      onValueChange={onValueChange}
      className={className}
    >
      <TabsPrimitive.List aria-label={label} className={tabListClass}>
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            disabled={tab.disabled}
            className={cn(
              tabClass(false, tab.disabled),
              "data-[state=active]:border-brand-600 data-[state=active]:text-brand-700",
            )}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {tabs.map((tab) => (
        <TabsPrimitive.Content
          key={tab.value}
          value={tab.value}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {tab.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
