import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { OBSERVATION_KINDS, OBSERVATION_STATUSES } from "../domain/observation-workflow";
import { OBSERVATION_PATH, observationPath } from "../server/observation-basics";
import { loadObservationRegister, type ObservationRegisterRow } from "../server/observation-register.server";
import { ObservationKindBadge, ObservationStatusBadge, useObservationText } from "../ui/observation-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Observations | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadObservationRegister(context, new URL(request.url)),
    canCreate: context.can("safety.observations.create"),
  };
}

export default function ObservationRegisterPage() {
  const { register, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useObservationText();
  const { query } = register;
  const field = (name: string) => t(`safety:observation.fields.${name}`);
  const columns: DataTableColumn<ObservationRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={observationPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    { key: "title", header: field("title"), phone: "heading", cell: (row) => row.title },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <ObservationStatusBadge status={row.status} />,
    },
    {
      key: "kind",
      header: field("kind"),
      label: field("kind"),
      phone: "detail",
      cell: (row) => <ObservationKindBadge kind={row.kind} />,
      hideBelow: "md",
    },
    {
      key: "location",
      header: field("location"),
      label: field("location"),
      phone: "detail",
      cell: (row) => row.location ?? "-",
      hideBelow: "lg",
    },
    {
      key: "assignee",
      header: field("assignee"),
      label: field("assignee"),
      phone: "detail",
      cell: (row) => row.assignee ?? "-",
      hideBelow: "lg",
    },
    {
      key: "observedOn",
      header: field("observedOn"),
      label: field("observedOn"),
      sortable: true,
      phone: "detail",
      cell: (row) => (row.observedOn ? formatDate(row.observedOn, locale) : "-"),
      hideBelow: "sm",
    },
    {
      key: "createdBy",
      header: field("createdBy"),
      cell: (row) => row.createdBy ?? "-",
      hideBelow: "xl",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${OBSERVATION_PATH}/create`} className={buttonClass()}>
      {t("safety:observation.register.create")}
    </Link>
  ) : null;
  const activeFilters = [
    query.status,
    query.kind,
    query.location,
    query.assignee,
    query.from,
    query.to,
  ].filter(Boolean).length;
  const any = t("safety:observation.filters.any");
  return (
    <RegisterPage
      title={t("safety:observation.register.title")}
      description={t("safety:observation.register.intro")}
      actions={createLink}
      search={
        <SearchBox
          label={t("safety:observation.register.search")}
          placeholder={t("safety:observation.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "kind", "location", "assignee", "from", "to"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:observation.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={OBSERVATION_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:observation.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("safety:observation.filters.kind")}
              name="kind"
              placeholder={any}
              defaultValue={query.kind ?? undefined}
              options={OBSERVATION_KINDS.map((kind) => ({
                value: kind,
                label: t(`safety:observation.kind.${kind}`),
              }))}
            />
            {register.filters.locations.length === 0 ? null : (
              <NativeSelect
                label={t("safety:observation.filters.location")}
                name="location"
                placeholder={any}
                defaultValue={query.location ?? undefined}
                options={register.filters.locations}
              />
            )}
            {register.filters.members.length === 0 ? null : (
              <NativeSelect
                label={t("safety:observation.filters.assignee")}
                name="assignee"
                placeholder={any}
                defaultValue={query.assignee ?? undefined}
                options={register.filters.members}
              />
            )}
            <DateField
              label={t("safety:observation.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? undefined }}
            />
            <DateField
              label={t("safety:observation.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? undefined }}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("safety:observation.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("safety:observation.register.noResults")}
        items={t("safety:observation.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
