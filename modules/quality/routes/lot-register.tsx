import type { EntityManager } from "@mikro-orm/postgresql";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { buttonClass } from "~/app/ui/button";
import { LinkTabs } from "~/app/ui/link-tabs";
import { PageHeader } from "~/app/ui/page-header";
import { pageFromSearch } from "~/app/ui/pagination-range";
import { RegisterPage } from "~/app/ui/register-page";
import { readForm } from "~/server/http/form.server";
import { handleLocationIntent, replyToLocationIntent } from "~/server/locations/location-actions.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode, type LocationNode, subtreeCounts } from "~/server/locations/tree";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  LOT_CONFORMANCE_PATH,
  LOT_LOCATIONS_VIEW,
  LOT_PATH,
  LOT_SEARCH_FILTERS,
  LOT_VIEW_PARAM,
  type LotSearchFilter,
  lotFilterTextParam,
  lotLocationsHref,
} from "../server/lot-basics";
import { itpChoices, resolveTypedLotFilters, typedLotFilters } from "../server/lot-filter-search.server";
import {
  countLotsByLocation,
  findLotPage,
  isFilteredLotQuery,
  LOT_REGISTER_PAGE_SIZE,
  type LotRegisterRow,
  lotRegisterSearchParams,
  parseLotRegisterQuery,
} from "../server/lot-register.server";
import { useLotMessages } from "../ui/lot-messages";
import { type LotListRow, LotRegisterTable, useLotRegisterControls } from "../ui/lot-register-table";

export const handle = { i18n: ["quality", "common", "locations"] };

export const meta: MetaFunction = () => [{ title: "Lots | SiteProof" }];

/**
 * The Locations tab in a chunk of its own, fetched by the browser only when the tab is shown (the location
 * manager's dialogs would otherwise weigh on every visit to All Lots). The server has it loaded before the
 * first render, so it never suspends there: the HTML holds the tab with or without JavaScript, and the
 * browser hydrates it once the chunk has arrived. A static import, even unused in the browser, would keep
 * the dialogs' side-effect modules in this route's chunk.
 */
const LocationsView = import.meta.env.SSR
  ? (await import("../ui/lot-locations-view")).default
  : lazy(() => import("../ui/lot-locations-view"));

/** A lot row with the columns the register shows, not the export's others. */
const listRow = (row: LotRegisterRow): LotListRow => ({
  id: row.id,
  number: row.number,
  title: row.title,
  status: row.status,
  subStatus: row.subStatus,
  lotType: row.lotType,
  locationPath: row.locationPath,
  workPack: row.workPack,
  itpNumbers: row.itpNumbers,
  updatedAt: row.updatedAt,
});

/**
 * Texts typed into the filters' search boxes and sent with the form (JavaScript off, or Apply before
 * choosing a suggestion) become the values they match, and the page is asked again with those values, so
 * the URL keeps one form per state. A text that matches nothing stays, and is shown with its message.
 */
async function resolveTypedFilters(em: EntityManager, projectId: string, url: URL) {
  const typed = typedLotFilters(url.searchParams);
  const unmatched: Partial<Record<LotSearchFilter, string>> = {};
  const next = new URLSearchParams(url.searchParams);
  const resolved = await resolveTypedLotFilters(em, projectId, typed);
  for (const filter of LOT_SEARCH_FILTERS) {
    const textParam = lotFilterTextParam(filter);
    const values = resolved[filter] ?? [];
    if (typed[filter] && values.length === 0) {
      unmatched[filter] = typed[filter];
      continue;
    }
    next.delete(textParam);
    for (const value of values) if (!next.getAll(filter).includes(value)) next.append(filter, value);
  }
  if (next.toString() !== url.searchParams.toString()) {
    next.delete("page");
    throw redirect(`${url.pathname}?${next}`);
  }
  return unmatched;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const url = new URL(request.url);
  const unmatched = await resolveTypedFilters(em, project.id, url);
  const view = url.searchParams.get(LOT_VIEW_PARAM) === LOT_LOCATIONS_VIEW ? LOT_LOCATIONS_VIEW : "all";
  const query = parseLotRegisterQuery(url.searchParams);
  // The tree belongs to the Locations tab; All Lots names each row's location without it.
  const tree = view === LOT_LOCATIONS_VIEW ? await listLocationTree(em, project.id) : [];
  const selected =
    view === LOT_LOCATIONS_VIEW && query.locationId
      ? (findLocationNode(tree, query.locationId) ?? null)
      : null;
  // All Lots lists the whole project; a location chosen in the Locations tab does not follow it there.
  const lotQuery = { ...query, locationId: selected?.id ?? null };
  const showLots = view === "all" || selected !== null;
  // A typed filter that matched nothing matches no lot either.
  const matchesNothing = Object.keys(unmatched).length > 0;
  const [page, itps, ownCounts] = await Promise.all([
    showLots && !matchesNothing
      ? findLotPage(em, project.id, lotQuery, pageFromSearch(url.searchParams))
      : null,
    itpChoices(em, project.id, lotQuery.itpIds),
    view === LOT_LOCATIONS_VIEW ? countLotsByLocation(em, project.id) : null,
  ]);
  const shown = page ?? (showLots ? { rows: [], total: 0, page: 1, pageSize: LOT_REGISTER_PAGE_SIZE } : null);
  return {
    view,
    query: lotQuery,
    page: shown ? { ...shown, rows: shown.rows.map(listRow) } : null,
    filtered: matchesNothing || isFilteredLotQuery(lotQuery),
    // Only what the filters show: the chosen ITPs' labels, not the project's lists of values.
    filterState: { itps, unmatched },
    tree,
    counts: ownCounts ? subtreeCounts(tree, ownCounts) : {},
    selected,
    breadcrumb: selected
      ? selected.ancestorIds
          .map((id) => findLocationNode(tree, id))
          .filter((node): node is LocationNode => Boolean(node))
          .map((node) => ({ id: node.id, name: node.name }))
      : [],
    exportHref: can("quality.lot.download")
      ? `${LOT_PATH}/export?${lotRegisterSearchParams(lotQuery)}`
      : null,
    canCreate: can("quality.lot.create"),
    canExport: can("quality.lot.download"),
    canManageLocations: can("quality.lot.edit"),
  };
}

/** The Locations tab's manager: create, rename, move and delete the project's locations. */
export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const { em, project, user } = context;
  const formData = await readForm(request);
  requireIntent(context, formData);
  const outcome = await handleLocationIntent({ em, projectId: project.id, actorId: user.id }, formData);
  if (!outcome) throw new Response("Unknown intent", { status: 400 });
  return replyToLocationIntent(outcome, lotLocationsHref);
}

export default function LotRegisterPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useLotMessages();
  const tabs = [
    { value: LOT_LOCATIONS_VIEW, label: t("quality:lot.register.tabs.locations") },
    { value: "all", label: t("quality:lot.register.tabs.all") },
  ];
  const header = {
    title: t("quality:lot.register.title"),
    description: t("quality:lot.register.intro"),
    actions: (
      <>
        {data.canExport ? (
          // Every lot with its open hold points and open NCRs, whatever the register's filter.
          <Link to={LOT_CONFORMANCE_PATH} reloadDocument className={buttonClass("secondary")}>
            {t("quality:hpWpRegister.conformance.download")}
          </Link>
        ) : null}
        {data.canCreate ? (
          <Link to={`${LOT_PATH}/create`} className={buttonClass()}>
            {t("quality:lot.register.create")}
          </Link>
        ) : null}
      </>
    ),
  };
  const viewTabs = (
    <LinkTabs
      tabs={tabs}
      label={t("quality:lot.register.tabs.label")}
      param={LOT_VIEW_PARAM}
      defaultValue="all"
    />
  );
  const controls = useLotRegisterControls({
    query: data.query,
    filterState: data.filterState,
    exportHref: data.exportHref,
  });
  if (data.view === LOT_LOCATIONS_VIEW)
    return (
      <div className="space-y-6">
        <PageHeader {...header} />
        {viewTabs}
        <Suspense fallback={null}>
          <LocationsView
            tree={data.tree as LocationNode[]}
            counts={data.counts}
            selected={data.selected as LocationNode | null}
            breadcrumb={data.breadcrumb}
            page={data.page}
            query={data.query}
            filtered={data.filtered}
            canCreate={data.canCreate}
            canManageLocations={data.canManageLocations}
            controls={controls}
          />
        </Suspense>
      </div>
    );
  return (
    <RegisterPage {...header} above={viewTabs} {...controls}>
      {data.page ? (
        <LotRegisterTable
          page={data.page}
          sort={data.query}
          filtered={data.filtered}
          canCreate={data.canCreate}
        />
      ) : null}
    </RegisterPage>
  );
}
