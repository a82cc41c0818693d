import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { SearchFilter } from "~/app/ui/search-filter";
import { StatusBadge } from "~/app/ui/status-badge";
import { searchLocations } from "~/server/locations/location-search.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { IMPACT_AREAS, INCIDENT_STATUSES } from "../domain/incident-states";
import {
  INCIDENT_LOCATION_TEXT,
  INCIDENT_PATH,
  incidentViewPath,
  REFERENCE_LISTS_PATH,
} from "../server/incident-basics";
import {
  type IncidentRegisterRow,
  incidentOfDeepLink,
  loadIncidentRegister,
} from "../server/incident-register.server";
import { formatSiteTime, IncidentStatusBadge, useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Incidents | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  // The spec's deep link (/deeplink?incidentId=…&path=/safety/ims) lands here with incidentId: open that incident.
  const linked = await incidentOfDeepLink(context, new URL(request.url).searchParams.get("incidentId"));
  if (linked) throw redirect(incidentViewPath(linked));
  // A location typed without JavaScript: the locations the picker would have offered for it, as chosen ones.
  const url = new URL(request.url);
  const typed = (url.searchParams.get(INCIDENT_LOCATION_TEXT) ?? "").trim();
  let unmatchedLocation: string | null = null;
  if (typed) {
    const found = await searchLocations(context.em, context.project.id, typed);
    if (found.length === 0) unmatchedLocation = typed;
    else {
      const next = new URLSearchParams(url.searchParams);
      next.delete(INCIDENT_LOCATION_TEXT);
      next.delete("page");
      for (const { value } of found)
        if (!next.getAll("location").includes(value)) next.append("location", value);
      throw redirect(`${INCIDENT_PATH}?${next}`);
    }
  }
  return {
    unmatchedLocation,
    register: await loadIncidentRegister(context, new URL(request.url)),
    canCreate: context.can("safety.incidents.create"),
    canSettings: context.can("safety.incidents.view-notification-settings"),
    canLists: context.can("safety.incidents.view-settings"),
  };
}

export default function IncidentRegisterPage() {
  const { register, canCreate, canSettings, canLists, unmatchedLocation } = useLoaderData<typeof loader>();
  const { t, locale } = useIncidentText();
  const { query } = register;
  const columns: DataTableColumn<IncidentRegisterRow>[] = [
    {
      key: "number",
      header: t("safety:incident.fields.number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={incidentViewPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "title",
      header: t("safety:incident.fields.title"),
      sortable: true,
      phone: "heading",
      cell: (row) => row.title,
    },
    {
      key: "status",
      header: t("safety:incident.fields.status"),
      phone: "status",
      cell: (row) => (
        <span className="whitespace-nowrap">
          <IncidentStatusBadge status={row.status} />
          {row.locked ? (
            <StatusBadge tone="neutral" className="ml-1">
              {t("safety:incident.lock.locked")}
            </StatusBadge>
          ) : null}
        </span>
      ),
    },
    {
      key: "occurredAt",
      header: t("safety:incident.fields.occurredAt"),
      label: t("safety:incident.fields.occurredAt"),
      sortable: true,
      phone: "detail",
      cell: (row) => formatSiteTime(row.occurredAt, register.timeZone, locale),
      hideBelow: "sm",
    },
    {
      key: "impactAreas",
      header: t("safety:incident.fields.impactAreas"),
      cell: (row) => row.impactAreas.map((area) => t(`safety:incident.impact.${area}`)).join(", "),
      hideBelow: "xl",
    },
    {
      key: "location",
      header: t("safety:incident.fields.location"),
      phone: "detail",
      cell: (row) => row.location ?? "-",
      hideBelow: "lg",
    },
    {
      key: "reporter",
      header: t("safety:incident.fields.reporter"),
      phone: "detail",
      cell: (row) => row.reporter ?? "-",
      hideBelow: "md",
    },
    {
      key: "shePerson",
      header: t("safety:incident.fields.shePerson"),
      cell: (row) => row.shePerson ?? "-",
      hideBelow: "xl",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${INCIDENT_PATH}/raise-incident`} className={buttonClass()}>
      {t("safety:incident.register.create")}
    </Link>
  ) : null;
  const activeFilters =
    [query.status, query.impact, query.from, query.to].filter(Boolean).length + query.locations.length;
  const filtered = Boolean(query.q) || activeFilters > 0;
  return (
    <RegisterPage
      title={t("safety:incident.register.title")}
      description={t("safety:incident.register.intro")}
      actions={
        <>
          {canLists ? (
            <Link to={REFERENCE_LISTS_PATH} className={buttonClass("secondary")}>
              {t("safety:incident.register.referenceLists")}
            </Link>
          ) : null}
          {canSettings ? (
            <Link to={`${INCIDENT_PATH}/notification`} className={buttonClass("secondary")}>
              {t("safety:incident.register.notificationSettings")}
            </Link>
          ) : null}
          {createLink}
        </>
      }
      above={
        <LinkTabs
          label={t("safety:incident.register.tabsLabel")}
          param="view"
          tabs={[
            { value: "MY_INCIDENTS", label: t("safety:incident.register.views.MY_INCIDENTS") },
            { value: "ALL_INCIDENTS", label: t("safety:incident.register.views.ALL_INCIDENTS") },
          ]}
        />
      }
      search={
        <SearchBox
          label={t("safety:incident.register.search")}
          placeholder={t("safety:incident.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "impact", "location", INCIDENT_LOCATION_TEXT, "from", "to"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:incident.filters.status")}
              name="status"
              placeholder={t("safety:incident.filters.any")}
              defaultValue={query.status ?? undefined}
              options={INCIDENT_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:incident.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("safety:incident.filters.impact")}
              name="impact"
              placeholder={t("safety:incident.filters.any")}
              defaultValue={query.impact ?? undefined}
              options={IMPACT_AREAS.map((area) => ({
                value: area,
                label: t(`safety:incident.impact.${area}`),
              }))}
            />
            <SearchFilter
              legend={t("safety:incident.filters.location")}
              name="location"
              textName={INCIDENT_LOCATION_TEXT}
              selected={register.chosenLocations}
              choicesHref={(text) => `${INCIDENT_PATH}/filter-values?${new URLSearchParams({ q: text })}`}
              unmatched={unmatchedLocation}
            />
            <DateField
              label={t("safety:incident.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? "" }}
            />
            <DateField
              label={t("safety:incident.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? "" }}
            />
          </>
        ),
      }}
    >
      <DataTable
        caption={t("safety:incident.register.caption")}
        columns={columns}
        rows={register.rows}
        rowKey={(row) => row.id}
        page={register.page}
        pageSize={register.pageSize}
        total={register.total}
        sort={query}
        empty={
          filtered ? (
            <EmptyState title={t("safety:incident.register.noResults")} />
          ) : (
            <EmptyState item={t("safety:incident.register.items")} action={createLink} />
          )
        }
      />
    </RegisterPage>
  );
}
