import { Link } from "@remix-run/react";
import { LocationManager } from "~/app/ui/location-manager";
import { LocationTree } from "~/app/ui/location-tree";
import { type RegisterControls, RegisterLayout } from "~/app/ui/register-page";
import type { LocationNode } from "~/server/locations/tree";
import { lotLocationsHref } from "../server/lot-basics";
import type { LotRegisterQuery } from "../server/lot-register.server";
import { useLotMessages } from "./lot-messages";
import { type LotListPage, LotRegisterTable } from "./lot-register-table";

export type LotLocationsViewProps = {
  tree: LocationNode[];
  counts: Record<string, number>;
  selected: LocationNode | null;
  breadcrumb: { id: string; name: string }[];
  page: LotListPage | null;
  query: LotRegisterQuery;
  filtered: boolean;
  canCreate: boolean;
  canManageLocations: boolean;
  controls: RegisterControls;
};

/**
 * The register's Locations tab: the tree with counts, the chosen location's lots, and the location manager.
 * A file of its own, loaded by the browser only when the tab is shown: the manager's dialogs are most of
 * the register's weight, and All Lots (the default view) has no use for them.
 */
export default function LotLocationsView({
  tree,
  counts,
  selected,
  breadcrumb,
  page,
  query,
  filtered,
  canCreate,
  canManageLocations,
  controls,
}: LotLocationsViewProps) {
  const { t } = useLotMessages();
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <aside className="space-y-6">
        <LocationTree
          nodes={tree}
          counts={counts}
          selectedId={selected?.id ?? null}
          renderName={(node) => (
            <Link to={lotLocationsHref(node.id)} className="text-brand-700 hover:underline">
              {node.name}
            </Link>
          )}
        />
        {canManageLocations ? (
          <LocationManager
            nodes={tree}
            selected={selected}
            className="rounded-lg border border-slate-200 bg-white p-4"
          />
        ) : null}
      </aside>
      <div className="min-w-0 space-y-4">
        <nav aria-label={t("quality:lot.register.breadcrumb")}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
            <li>
              <Link to={lotLocationsHref(null)} className="text-brand-700 hover:underline">
                {t("quality:lot.register.allLocations")}
              </Link>
            </li>
            {breadcrumb.map((node) => (
              <li key={node.id} className="flex items-center gap-1">
                <span aria-hidden>›</span>
                <Link to={lotLocationsHref(node.id)} className="text-brand-700 hover:underline">
                  {node.name}
                </Link>
              </li>
            ))}
            {selected ? (
              <li className="flex items-center gap-1" aria-current="location">
                <span aria-hidden>›</span>
                <span className="font-medium text-slate-900">{selected.name}</span>
              </li>
            ) : null}
          </ol>
        </nav>
        {selected && page ? (
          <>
            <h2 className="text-lg font-semibold text-slate-900">
              {t("quality:lot.register.lotsAt", { location: selected.ancestorsName })}
            </h2>
            <RegisterLayout {...controls} filtersAside={false}>
              <LotRegisterTable page={page} sort={query} filtered={filtered} canCreate={canCreate} />
            </RegisterLayout>
          </>
        ) : (
          <p className="text-sm text-slate-600">{t("quality:lot.register.locationsIntro")}</p>
        )}
      </div>
    </div>
  );
}
