import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./button";
import { CarriedParams } from "./carried-params";
import { cn } from "./cn";
import { hrefWithParams } from "./search-params";

type FilterPanelProps = {
  /** The search params the panel's fields own; Reset removes them, other params (search, sort) stay. */
  fields: readonly string[];
  children: React.ReactNode;
  title?: string;
  /** How many filters are set, shown next to the title so a closed panel still tells the user. */
  activeCount?: number;
  defaultOpen?: boolean;
  className?: string;
};

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
  className,
}: FilterPanelProps) {
  const { t } = useTranslation("ui");
  const location = useLocation();
  const resetChanges = Object.fromEntries(fields.map((field) => [field, null]));
  const params = new URLSearchParams(location.search);
  // The fields are uncontrolled; re-mounting the form when the URL's filters change (Reset, Back)
  // makes them show the filters of the page being displayed.
  const appliedFilters = fields.map((field) => params.getAll(field).join(",")).join("|");
  return (
    <details
      open={defaultOpen}
      className={cn("group rounded-lg border border-slate-200 bg-white", className)}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span>
          {title ?? t("filter.title")}
          {activeCount > 0 ? (
            <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
              {t("filter.active", { count: activeCount })}
            </span>
          ) : null}
        </span>
        <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        key={appliedFilters}
        method="get"
        className="space-y-4 border-t border-slate-200 px-4 py-4"
        preventScrollReset
      >
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
