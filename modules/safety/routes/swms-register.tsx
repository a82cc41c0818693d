import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { requireRoute } from "~/server/permissions/guard.server";
import { SWMS_TYPES } from "../domain/swms-reference";
import { SWMS_STATUSES, SWMS_TABS } from "../domain/swms-workflow";
import { SWMS_PATH, swmsPath } from "../server/swms-basics";
import { loadSwmsRegister, type SwmsRegisterRow } from "../server/swms-register.server";
import { HighRiskBadge, SwmsStatusBadge, SwmsTypeBadge, useSwmsText } from "../ui/swms-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "SWMS | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadSwmsRegister(context, new URL(request.url)),
    canCreate: context.can("safety.swms.create"),
    canSettings: context.can("safety.swms.view-notification"),
  };
}

export default function SwmsRegisterPage() {
  const { register, canCreate, canSettings } = useLoaderData<typeof loader>();
  const { t } = useSwmsText();
  const { query } = register;
  const field = (name: string) => t(`safety:swms.fields.${name}`);
  const columns: DataTableColumn<SwmsRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={swmsPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    { key: "title", header: field("title"), sortable: true, phone: "heading", cell: (row) => row.title },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => (
        <span className="flex flex-wrap gap-1">
          <SwmsStatusBadge status={row.status} />
          {row.highRisk ? <HighRiskBadge /> : null}
        </span>
      ),
    },
    {
      key: "type",
      header: field("type"),
      label: field("type"),
      phone: "detail",
      cell: (row) => <SwmsTypeBadge type={row.type} />,
      hideBelow: "md",
    },
    {
      key: "company",
      header: field("company"),
      label: field("company"),
      phone: "detail",
      cell: (row) => row.company,
    },
    {
      key: "createdBy",
      header: field("createdBy"),
      label: field("createdBy"),
      phone: "detail",
      cell: (row) => row.createdBy ?? "-",
      hideBelow: "lg",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${SWMS_PATH}/create`} className={buttonClass()}>
      {t("safety:swms.register.create")}
    </Link>
  ) : null;
  const settingsLink = canSettings ? (
    <Link to={`${SWMS_PATH}/notification`} className={buttonClass("secondary")}>
      {t("safety:swms.register.notificationSettings")}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.type, query.company, query.highRisk].filter(Boolean).length;
  const any = t("safety:swms.filters.any");
  return (
    <RegisterPage
      title={t("safety:swms.register.title")}
      description={t("safety:swms.register.intro")}
      actions={
        <>
          {settingsLink}
          {createLink}
        </>
      }
      above={
        <LinkTabs
          label={t("safety:swms.register.tabsLabel")}
          tabs={SWMS_TABS.map((tab) => ({ value: tab, label: t(`safety:swms.register.tabs.${tab}`) }))}
        />
      }
      search={
        <SearchBox
          label={t("safety:swms.register.search")}
          placeholder={t("safety:swms.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "type", "company", "highRisk"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:swms.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={SWMS_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:swms.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("safety:swms.filters.type")}
              name="type"
              placeholder={any}
              defaultValue={query.type ?? undefined}
              options={SWMS_TYPES.map((type) => ({ value: type, label: t(`safety:swms.type.${type}`) }))}
            />
            {register.filters.companies.length === 0 ? null : (
              <NativeSelect
                label={t("safety:swms.filters.company")}
                name="company"
                placeholder={any}
                defaultValue={query.company ?? undefined}
                options={register.filters.companies}
              />
            )}
            <NativeSelect
              label={t("safety:swms.filters.highRisk")}
              name="highRisk"
              placeholder={any}
              defaultValue={query.highRisk ?? undefined}
              options={[
                { value: "yes", label: t("safety:swms.filters.yes") },
                { value: "no", label: t("safety:swms.filters.no") },
              ]}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("safety:swms.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("safety:swms.register.noResults")}
        items={t("safety:swms.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
