import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { SDS_EXPIRIES, SDS_EXPIRY_WARNING_DAYS, SDS_STATUSES } from "../domain/sds-workflow";
import { SDS_CREATE_PATH, sdsPath } from "../server/sds-basics";
import { loadSdsRegister, type SdsRegisterRow } from "../server/sds-register.server";
import { SdsExpiryBadge, SdsStatusBadge, useSdsText } from "../ui/sds-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Safety data sheets | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadSdsRegister(context, new URL(request.url)),
    canCreate: context.can("safety.sds.create"),
  };
}

export default function SdsRegisterPage() {
  const { register, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useSdsText();
  const { query } = register;
  const field = (name: string) => t(`safety:sds.fields.${name}`);
  const columns: DataTableColumn<SdsRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={sdsPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    { key: "product", header: field("product"), phone: "heading", cell: (row) => row.product },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <SdsStatusBadge status={row.status} />,
    },
    {
      key: "expiry",
      header: field("expiry"),
      label: field("expiry"),
      phone: "detail",
      cell: (row) => <SdsExpiryBadge expiry={row.expiry} />,
    },
    {
      key: "supplier",
      header: field("supplier"),
      label: field("supplier"),
      phone: "detail",
      cell: (row) => row.supplier,
      hideBelow: "md",
    },
    {
      key: "issueDate",
      header: field("issueDate"),
      cell: (row) => (row.issueDate ? formatDate(row.issueDate, locale) : "-"),
      hideBelow: "lg",
    },
    {
      key: "expiryDate",
      header: field("expiryDate"),
      label: field("expiryDate"),
      sortable: true,
      phone: "detail",
      cell: (row) => formatDate(row.expiryDate, locale),
      hideBelow: "sm",
    },
  ];
  const createLink = canCreate ? (
    <Link to={SDS_CREATE_PATH} className={buttonClass()}>
      {t("safety:sds.register.create")}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.expiry].filter(Boolean).length;
  const any = t("safety:sds.filters.any");
  return (
    <RegisterPage
      title={t("safety:sds.register.title")}
      description={t("safety:sds.register.intro", { days: SDS_EXPIRY_WARNING_DAYS })}
      actions={createLink}
      search={
        <SearchBox
          label={t("safety:sds.register.search")}
          placeholder={t("safety:sds.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "expiry"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:sds.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={SDS_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:sds.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("safety:sds.filters.expiry")}
              name="expiry"
              placeholder={any}
              defaultValue={query.expiry ?? undefined}
              options={SDS_EXPIRIES.map((expiry) => ({
                value: expiry,
                label: t(`safety:sds.expiry.${expiry}`),
              }))}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("safety:sds.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("safety:sds.register.noResults")}
        items={t("safety:sds.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
