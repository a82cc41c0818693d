import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./button";
import { CarriedParams } from "./carried-params";
import { cn } from "./cn";
import { hrefWithParams } from "./search-params";

export type FilterPanelProps = {
  /** The search params the panel's fields own; Reset removes them, other params (search, sort) stay. */
  fields: readonly string[];
  children: React.ReactNode;
  title?: string;
  /** How many filters are set, shown next to the title so a closed panel still tells the user. */
  activeCount?: number;
  defaultOpen?: boolean;
  /**
   * A sidebar beside the list: always open from the xl breakpoint, a closed disclosure below it, so on a
   * phone the list comes first and the filters are one tap away.
   */
  sidebar?: boolean;
  className?: string;
};

/** Tailwind's xl breakpoint, where a sidebar panel stays open (below it the app's menu takes the room). */
const WIDE_SCREEN = "(min-width: 80rem)";

/**
 * Filters as a GET form: Apply puts them in the URL, so a filtered list can be reloaded and shared,
 * and the panel works without JavaScript. A `<details>` element opens and closes it natively.
 */
export function FilterPanel({
  fields,
  children,
  title,
  activeCount = 0,
  defaultOpen,
  sidebar = false,
  className,
}: FilterPanelProps) {
  const { t } = useTranslation("ui");
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // The CSS below keeps a wide screen's sidebar open without scripts; browsers too old to style
    // ::details-content get it opened here instead.
    if (sidebar && details.current && window.matchMedia(WIDE_SCREEN).matches) details.current.open = true;
  }, [sidebar]);
  const location = useLocation();
  const resetChanges = Object.fromEntries(fields.map((field) => [field, null]));
  const params = new URLSearchParams(location.search);
  // The fields are uncontrolled; re-mounting the form when the URL's filters change (Reset, Back)
  // makes them show the filters of the page being displayed.
  const appliedFilters = fields.map((field) => params.getAll(field).join(",")).join("|");
  return (
    <details
      ref={details}
      open={defaultOpen}
      // .filter-panel in app.css; the sidebar's stays open from xl (::details-content), without scripts.
      className={cn("filter-panel", sidebar && "filter-panel-sidebar", className)}
    >
      <summary>
        <span>
          {title ?? t("filter.title")}
          {activeCount > 0 ? (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
              {t("filter.active", { count: activeCount })}
            </span>
          ) : null}
        </span>
        <span aria-hidden className="filter-panel-marker">
          ▾
        </span>
      </summary>
      <Form key={appliedFilters} method="get" preventScrollReset>
        <CarriedParams owned={fields} />
        {children}
        <div className="flex flex-wrap items-center gap-2 pt-2">
          <button type="submit" className={buttonClass("primary", "sm")}>
            {t("filter.apply")}
          </button>
          <Link
            to={hrefWithParams(location.pathname, location.search, resetChanges)}
            className={buttonClass("ghost", "sm")}
            preventScrollReset
          >
            {t("filter.reset")}
          </Link>
        </div>
      </Form>
    </details>
  );
}
