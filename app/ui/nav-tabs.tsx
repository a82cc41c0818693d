import { Link } from "@remix-run/react";
import { cn } from "./cn";
import { tabClass, tabListClass } from "./tab-classes";

export type NavTabItem = { href: string; label: React.ReactNode; current: boolean };

/**
 * Tabs that are links (a record's Detail / ITP / HP-WP routes, or a list's views in the URL): they work
 * without JavaScript, can be shared, and the current one is announced as the current page.
 */
export function NavTabs({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: NavTabItem[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn(tabListClass, className)}>
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          to={tab.href}
          aria-current={tab.current ? "page" : undefined}
          className={tabClass(tab.current)}
          preventScrollReset
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
