import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { LinkTabs } from "~/app/ui/link-tabs";
import { LocationManager } from "~/app/ui/location-manager";
import { LocationTree } from "~/app/ui/location-tree";
import { PageHeader } from "~/app/ui/page-header";
import { pageFromSearch } from "~/app/ui/pagination-range";
import { type RegisterControls, RegisterLayout, RegisterPage } from "~/app/ui/register-page";
import { readForm } from "~/server/http/form.server";
import { handleLocationIntent, replyToLocationIntent } from "~/server/locations/location-actions.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode, type LocationNode, subtreeCounts } from "~/server/locations/tree";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  countLotsByLocation,
  findLotPage,
  isFilteredLotQuery,
  lotRegisterFilterOptions,
  lotRegisterSearchParams,
  parseLotRegisterQuery,
} from "../server/lot-register.server";
import { LOT_PATH } from "../server/lot-rules";
import { useLotMessages } from "../ui/lot-messages";
import { LotRegisterTable, useLotRegisterControls } from "../ui/lot-register-table";

export const handle = { i18n: ["quality", "common", "locations"] };

export const meta: MetaFunction = () => [{ title: "Lots | SiteProof" }];

const VIEW_PARAM = "view";
const LOCATIONS_VIEW = "locations";

const locationsHref = (locationId: string | null) =>
  `${LOT_PATH}?${VIEW_PARAM}=${LOCATIONS_VIEW}${locationId ? `&location=${locationId}` : ""}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const url = new URL(request.url);
  const view = url.searchParams.get(VIEW_PARAM) === LOCATIONS_VIEW ? LOCATIONS_VIEW : "all";
  const query = parseLotRegisterQuery(url.searchParams);
  // The tree belongs to the Locations tab; All Lots names each row's location without it.
  const tree = view === LOCATIONS_VIEW ? await listLocationTree(em, project.id) : [];
  const selected =
    view === LOCATIONS_VIEW && query.locationId ? (findLocationNode(tree, query.locationId) ?? null) : null;
  // All Lots lists the whole project; a location chosen in the Locations tab does not follow it there.
  const lotQuery = { ...query, locationId: selected?.id ?? null };
  const showLots = view === "all" || selected !== null;
  const [page, filterOptions, ownCounts] = await Promise.all([
    showLots ? findLotPage(em, project.id, lotQuery, pageFromSearch(url.searchParams)) : null,
    lotRegisterFilterOptions(em, project.id),
    view === LOCATIONS_VIEW ? countLotsByLocation(em, project.id) : null,
  ]);
  return {
    view,
    query: lotQuery,
    page,
    filtered: isFilteredLotQuery(lotQuery),
    filterOptions,
    tree,
    counts: ownCounts ? subtreeCounts(tree, ownCounts) : {},
    selected,
    breadcrumb: selected
      ? selected.ancestorIds
          .map((id) => findLocationNode(tree, id))
          .filter((node): node is LocationNode => Boolean(node))
          .map((node) => ({ id: node.id, name: node.name }))
      : [],
    exportHref: `${LOT_PATH}/export?${lotRegisterSearchParams(lotQuery)}`,
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
  return replyToLocationIntent(outcome, locationsHref);
}

export default function LotRegisterPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useLotMessages();
  const tabs = [
    { value: LOCATIONS_VIEW, label: t("quality:lot.register.tabs.locations") },
    { value: "all", label: t("quality:lot.register.tabs.all") },
  ];
  const header = {
    title: t("quality:lot.register.title"),
    description: t("quality:lot.register.intro"),
    actions: data.canCreate ? (
      <Link to={`${LOT_PATH}/create`} className={buttonClass()}>
        {t("quality:lot.register.create")}
      </Link>
    ) : null,
  };
  const viewTabs = (
    <LinkTabs
      tabs={tabs}
      label={t("quality:lot.register.tabs.label")}
      param={VIEW_PARAM}
      defaultValue="all"
    />
  );
  const controls = useLotRegisterControls({
    query: data.query,
    options: data.filterOptions,
    exportHref: data.canExport ? data.exportHref : null,
  });
  if (data.view === LOCATIONS_VIEW)
    return (
      <div className="space-y-6">
        <PageHeader {...header} />
        {viewTabs}
        <LocationsView data={data} controls={controls} />
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

type RegisterData = ReturnType<typeof useLoaderData<typeof loader>>;

function LocationsView({ data, controls }: { data: RegisterData; controls: RegisterControls }) {
  const { t } = useLotMessages();
  const selected = data.selected as LocationNode | null;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <aside className="space-y-6">
        <LocationTree
          nodes={data.tree as LocationNode[]}
          counts={data.counts}
          selectedId={selected?.id ?? null}
          renderName={(node) => (
            <Link to={locationsHref(node.id)} className="text-brand-700 hover:underline">
              {node.name}
            </Link>
          )}
        />
        {data.canManageLocations ? (
          <LocationManager
            nodes={data.tree as LocationNode[]}
            selected={selected}
            className="rounded-lg border border-slate-200 bg-white p-4"
          />
        ) : null}
      </aside>
      <div className="min-w-0 space-y-4">
        <nav aria-label={t("quality:lot.register.breadcrumb")}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
            <li>
              <Link to={locationsHref(null)} className="text-brand-700 hover:underline">
                {t("quality:lot.register.allLocations")}
              </Link>
            </li>
            {data.breadcrumb.map((node) => (
              <li key={node.id} className="flex items-center gap-1">
                <span aria-hidden>›</span>
                <Link to={locationsHref(node.id)} className="text-brand-700 hover:underline">
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
        {selected && data.page ? (
          <>
            <h2 className="text-lg font-semibold text-slate-900">
              {t("quality:lot.register.lotsAt", { location: selected.ancestorsName })}
            </h2>
            <RegisterLayout {...controls} filtersAside={false}>
              <LotRegisterTable
                page={data.page}
                sort={data.query}
                filtered={data.filtered}
                canCreate={data.canCreate}
              />
            </RegisterLayout>
          </>
        ) : (
          <p className="text-sm text-slate-600">{t("quality:lot.register.locationsIntro")}</p>
        )}
      </div>
    </div>
  );
}
