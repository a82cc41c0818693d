import { useTranslation } from "react-i18next";
import { cn } from "./cn";

type EmptyStateProps = {
  /** What the list holds, already translated and in the plural: "lots", "hold points". */
  item?: string;
  /** Replaces the "You don't have any {item} yet" heading, e.g. for "No results found!" after a search. */
  title?: React.ReactNode;
  description?: React.ReactNode;
  /** A link or button to create the first one. */
  action?: React.ReactNode;
  className?: string;
};

export function EmptyState({ item, title, description, action, className }: EmptyStateProps) {
  const { t } = useTranslation("ui");
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center",
        className,
      )}
    >
      <span
        aria-hidden
        className="mb-3 grid size-10 place-items-center rounded-full bg-slate-100 text-slate-400"
      >
        ∅
      </span>
      <p className="text-sm font-medium text-slate-900">
        {title ?? (item ? t("emptyState.noItems", { item }) : t("emptyState.noResults"))}
      </p>
      {description ? <p className="mt-1 max-w-sm text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
