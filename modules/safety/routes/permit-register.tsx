import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDateTime } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { PERMIT_STATUSES, PERMIT_TYPES, PERMIT_VALIDITIES } from "../domain/permit-workflow";
import { PERMIT_CREATE_PATH, permitPath } from "../server/permit-basics";
import { loadPermitRegister, type PermitRegisterRow } from "../server/permit-register.server";
import { PermitStatusBadge, PermitValidityBadge, usePermitText } from "../ui/permit-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Permits to work | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadPermitRegister(context, new URL(request.url)),
    canCreate: context.can("safety.permits.create"),
  };
}

export default function PermitRegisterPage() {
  const { register, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = usePermitText();
  const { query, timeZone } = register;
  const field = (name: string) => t(`safety:permit.fields.${name}`);
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  const columns: DataTableColumn<PermitRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={permitPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    { key: "title", header: field("title"), phone: "heading", cell: (row) => row.title },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <PermitStatusBadge status={row.status} />,
    },
    {
      key: "validity",
      header: field("validity"),
      label: field("validity"),
      phone: "detail",
      cell: (row) => <PermitValidityBadge validity={row.validity} />,
    },
    {
      key: "type",
      header: field("type"),
      label: field("type"),
      phone: "detail",
      cell: (row) => t(`safety:permit.type.${row.type}`),
      hideBelow: "md",
    },
    {
      key: "validFrom",
      header: field("validFrom"),
      label: field("validFrom"),
      sortable: true,
      phone: "detail",
      cell: (row) => when(row.validFrom),
      hideBelow: "sm",
    },
    {
      key: "validTo",
      header: field("validTo"),
      label: field("validTo"),
      sortable: true,
      phone: "detail",
      cell: (row) => when(row.validTo),
      hideBelow: "sm",
    },
    {
      key: "location",
      header: field("location"),
      label: field("location"),
      cell: (row) => row.location ?? "-",
      hideBelow: "lg",
    },
    { key: "receiver", header: field("receiver"), cell: (row) => row.receiver ?? "-", hideBelow: "xl" },
  ];
  const createLink = canCreate ? (
    <Link to={PERMIT_CREATE_PATH} className={buttonClass()}>
      {t("safety:permit.register.create")}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.type, query.validity].filter(Boolean).length;
  const any = t("safety:permit.filters.any");
  return (
    <RegisterPage
      title={t("safety:permit.register.title")}
      description={t("safety:permit.register.intro", { zone: timeZone })}
      actions={createLink}
      search={
        <SearchBox
          label={t("safety:permit.register.search")}
          placeholder={t("safety:permit.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "type", "validity"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:permit.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={PERMIT_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:permit.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("safety:permit.filters.type")}
              name="type"
              placeholder={any}
              defaultValue={query.type ?? undefined}
              options={PERMIT_TYPES.map((type) => ({ value: type, label: t(`safety:permit.type.${type}`) }))}
            />
            <NativeSelect
              label={t("safety:permit.filters.validity")}
              name="validity"
              placeholder={any}
              defaultValue={query.validity ?? undefined}
              options={PERMIT_VALIDITIES.map((validity) => ({
                value: validity,
                label: t(`safety:permit.validity.${validity}`),
              }))}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("safety:permit.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("safety:permit.register.noResults")}
        items={t("safety:permit.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
