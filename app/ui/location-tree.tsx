import { useTranslation } from "react-i18next";
import type { LocationNode } from "~/server/locations/tree";
import { cn } from "./cn";

type LocationTreeProps = {
  /** From `listLocationTree` (server) or `buildLocationTree` (rows). */
  nodes: readonly LocationNode[];
  /** Records per location id (the caller's own or `subtreeCounts` totals); no badge when absent. */
  counts?: Readonly<Record<string, number>>;
  /** The location's label, e.g. a link to its records; plain text by default. */
  renderName?: (node: LocationNode) => React.ReactNode;
  /** Branches shallower than this start open (default 1: the top level shows its children). */
  openDepth?: number;
  /** The current location: marked for assistive technology and its ancestors start open. */
  selectedId?: string | null;
  /** The list's accessible name; "Locations" by default. */
  label?: string;
  className?: string;
};

/**
 * A read-only view of a project's locations. Branches are native `<details>` so they expand and collapse
 * without JavaScript (and with the keyboard, as disclosure buttons); nested lists keep the hierarchy
 * readable by screen readers without the keyboard contract an ARIA `tree` role would promise.
 */
export function LocationTree({
  nodes,
  counts,
  renderName,
  openDepth = 1,
  selectedId = null,
  label,
  className,
}: LocationTreeProps) {
  const { t } = useTranslation("locations");
  if (nodes.length === 0) return <p className={cn("text-sm text-slate-600", className)}>{t("tree.empty")}</p>;

  const openByPath = new Set<string>();
  const findSelected = (list: readonly LocationNode[]) => {
    for (const node of list) {
      if (node.id === selectedId) for (const id of node.ancestorIds) openByPath.add(id);
      findSelected(node.children);
    }
  };
  if (selectedId) findSelected(nodes);

  const row = (node: LocationNode) => {
    const count = counts?.[node.id];
    return (
      <span
        className={cn(
          "inline-flex min-w-0 items-center gap-2 text-sm text-slate-900",
          node.id === selectedId && "font-semibold",
        )}
        aria-current={node.id === selectedId ? "location" : undefined}
      >
        <span className="truncate">{renderName ? renderName(node) : node.name}</span>
        {count === undefined ? null : (
          <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-600">
            <span aria-hidden>{count}</span>
            <span className="sr-only">{t("tree.count", { count })}</span>
          </span>
        )}
      </span>
    );
  };

  const list = (items: readonly LocationNode[], nested: boolean) => (
    <ul
      aria-label={nested ? undefined : (label ?? t("tree.label"))}
      className={cn("space-y-1", nested && "ml-4 border-l border-slate-200 pl-3")}
    >
      {items.map((node) => (
        <li key={node.id}>
          {node.children.length > 0 ? (
            <details open={node.depth < openDepth || openByPath.has(node.id)}>
              <summary className="cursor-pointer py-0.5">{row(node)}</summary>
              {list(node.children, true)}
            </details>
          ) : (
            <div className="py-0.5 pl-4">{row(node)}</div>
          )}
        </li>
      ))}
    </ul>
  );

  return <div className={className}>{list(nodes, false)}</div>;
}
