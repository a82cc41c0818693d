import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { pageItems, pageWindow } from "./pagination-range";

type PaginationProps = { page: number; pageSize: number; total: number; param?: string; className?: string };

/** Server pagination through links (?page=N), so it works without JavaScript and every page can be shared. */
export function Pagination({ page, pageSize, total, param = "page", className }: PaginationProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const window = pageWindow(page, pageSize, total);
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-sm text-slate-600">{t("pagination.showing", window)}</p>
      {totalPages > 1 ? (
        <nav aria-label={t("pagination.navigation")} className="flex items-center gap-1">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="page-link" rel="prev">
              {t("pagination.previous")}
            </Link>
          ) : null}
          {pageItems(page, totalPages).map((item, index) =>
            item === "gap" ? (
              <span
                key={index === 1 ? "gap-start" : "gap-end"}
                className="page-link text-slate-400"
                aria-hidden
              >
                …
              </span>
            ) : (
              <Link
                key={item}
                to={hrefFor(item)}
                aria-label={t("pagination.page", { page: item })}
                aria-current={item === page ? "page" : undefined}
                className="page-link"
              >
                {item}
              </Link>
            ),
          )}
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} className="page-link" rel="next">
              {t("pagination.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
