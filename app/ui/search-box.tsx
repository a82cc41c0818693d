import { Form, useLocation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./button";
import { CarriedParams } from "./carried-params";
import { cn } from "./cn";

type SearchBoxProps = {
  label?: string;
  placeholder?: string;
  /** The search param, `q` by default. */
  name?: string;
  className?: string;
};

/** A GET search form over a list: the query lands in the URL and keeps the list's filters and sort. */
export function SearchBox({ label, placeholder, name = "q", className }: SearchBoxProps) {
  const { t } = useTranslation("ui");
  const location = useLocation();
  const id = useId();
  const current = new URLSearchParams(location.search).get(name) ?? "";
  return (
    <Form method="get" role="search" className={cn("flex items-end gap-2", className)} preventScrollReset>
      <CarriedParams owned={[name]} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label ?? t("search.label")}
        </label>
        <input
          // Re-mounts on navigation so the box shows the query of the page being displayed.
          key={current}
          id={id}
          type="search"
          name={name}
          defaultValue={current}
          placeholder={placeholder ?? t("search.placeholder")}
          className="input"
        />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        {t("search.submit")}
      </button>
    </Form>
  );
}
