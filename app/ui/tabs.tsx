import * as TabsPrimitive from "@radix-ui/react-tabs";
import { cn } from "./cn";
import { tabClass, tabListClass } from "./tab-classes";

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
