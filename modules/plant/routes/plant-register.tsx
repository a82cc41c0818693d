import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { PLANT_STATUSES } from "../domain/plant-workflow";
import {
  CHECK_FILTERS,
  DOCUMENT_FILTERS,
  ON_SITE_FILTERS,
  PLANT_CREATE_PATH,
  plantPath,
} from "../server/plant-basics";
import { loadPlantRegister, type PlantRegisterRow } from "../server/plant-register.server";
import { PlantStatusBadge, usePlantText } from "../ui/plant-text";

export const handle = { i18n: ["plant", "common"] };

export const meta: MetaFunction = () => [{ title: "Plant and machinery | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadPlantRegister(context, new URL(request.url)),
    canCreate: context.can("plant.register.create"),
  };
}

export default function PlantRegisterPage() {
  const { register, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = usePlantText();
  const { query } = register;
  const field = (name: string) => t(`plant:fields.${name}`);
  const day = (value: string | null) => (value ? formatDate(value, locale) : "-");
  const columns: DataTableColumn<PlantRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={plantPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "make",
      header: field("make"),
      sortable: true,
      phone: "heading",
      cell: (row) => `${row.make} ${row.model}`,
    },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <PlantStatusBadge status={row.status} />,
    },
    {
      key: "serial",
      header: field("serial"),
      label: field("serial"),
      phone: "detail",
      cell: (row) => row.serial,
    },
    {
      key: "owner",
      header: field("owner"),
      label: field("owner"),
      phone: "detail",
      cell: (row) => row.owner,
      hideBelow: "md",
    },
    {
      key: "onHireDate",
      header: field("onHireDate"),
      label: field("onHireDate"),
      sortable: true,
      phone: "detail",
      cell: (row) => `${day(row.onHireDate)}${row.offHireDate ? ` – ${day(row.offHireDate)}` : ""}`,
      hideBelow: "lg",
    },
    {
      key: "documents",
      header: field("documents"),
      label: field("documents"),
      phone: "detail",
      cell: (row) =>
        row.expiredDocuments + row.expiringDocuments === 0 ? (
          "-"
        ) : (
          <span className="flex flex-wrap gap-1">
            {row.expiredDocuments > 0 ? (
              <StatusBadge tone="danger">
                {t("plant:register.expiredCount", { count: row.expiredDocuments })}
              </StatusBadge>
            ) : null}
            {row.expiringDocuments > 0 ? (
              <StatusBadge tone="warning">
                {t("plant:register.expiringCount", { count: row.expiringDocuments })}
              </StatusBadge>
            ) : null}
          </span>
        ),
      hideBelow: "sm",
    },
  ];
  const createLink = canCreate ? (
    <Link to={PLANT_CREATE_PATH} className={buttonClass()}>
      {t("plant:register.create")}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.owner, query.onSite, query.documents, query.checks].filter(
    Boolean,
  ).length;
  const any = t("plant:filters.any");
  return (
    <RegisterPage
      title={t("plant:register.title")}
      description={t("plant:register.intro", { days: register.warningDays })}
      actions={createLink}
      search={
        <SearchBox label={t("plant:register.search")} placeholder={t("plant:register.searchPlaceholder")} />
      }
      filters={{
        fields: ["status", "owner", "onSite", "documents", "checks"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("plant:filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={PLANT_STATUSES.map((status) => ({
                value: status,
                label: t(`plant:status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("plant:filters.owner")}
              name="owner"
              placeholder={any}
              defaultValue={query.owner ?? undefined}
              options={register.owners}
            />
            <NativeSelect
              label={t("plant:filters.onSite")}
              name="onSite"
              placeholder={any}
              defaultValue={query.onSite ?? undefined}
              options={ON_SITE_FILTERS.map((value) => ({
                value,
                label: t(`plant:filters.onSiteOptions.${value}`),
              }))}
            />
            <NativeSelect
              label={t("plant:filters.documents")}
              name="documents"
              placeholder={any}
              defaultValue={query.documents ?? undefined}
              options={DOCUMENT_FILTERS.map((value) => ({
                value,
                label: t(`plant:filters.documentsOptions.${value}`),
              }))}
            />
            <NativeSelect
              label={t("plant:filters.checks")}
              name="checks"
              placeholder={any}
              defaultValue={query.checks ?? undefined}
              options={CHECK_FILTERS.map((value) => ({
                value,
                label: t(`plant:filters.checksOptions.${value}`),
              }))}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("plant:register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("plant:register.noResults")}
        items={t("plant:register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
