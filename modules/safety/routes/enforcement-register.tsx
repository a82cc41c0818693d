import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDateTime } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { ENFORCEMENT_OBJECT_TYPES, ENFORCEMENT_RESULTS } from "../domain/enforcement-scan";
import { ENFORCEMENT_PATH, enforcementPath, objectHistoryPath } from "../server/enforcement-basics";
import { loadScanRegister, type ScanRegisterRow } from "../server/enforcement-register.server";
import { ScanResultBadge, useEnforcementText } from "../ui/enforcement-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Enforcement | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadScanRegister(context, new URL(request.url)),
    canCreate: context.can("safety.enforcement.create"),
  };
}

export default function EnforcementRegisterPage() {
  const { register, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useEnforcementText();
  const { query } = register;
  const field = (name: string) => t(`safety:enforcement.fields.${name}`);
  const columns: DataTableColumn<ScanRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={enforcementPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "objectId",
      header: field("objectId"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={objectHistoryPath(row.objectType, row.objectId)} className="hover:underline">
          {row.objectId} {row.objectName}
        </Link>
      ),
    },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <ScanResultBadge status={row.status} />,
    },
    {
      key: "objectType",
      header: field("objectType"),
      label: field("objectType"),
      phone: "detail",
      cell: (row) => t(`safety:enforcement.objectType.${row.objectType}`),
      hideBelow: "md",
    },
    {
      key: "activity",
      header: field("activity"),
      cell: (row) => row.activity ?? "-",
      hideBelow: "xl",
    },
    {
      key: "ncrRaised",
      header: field("ncrRaised"),
      cell: (row) => t(row.ncrRaised ? "safety:enforcement.yes" : "safety:enforcement.no"),
      hideBelow: "lg",
    },
    {
      key: "createdBy",
      header: field("createdBy"),
      cell: (row) => row.createdBy ?? "-",
      hideBelow: "lg",
    },
    {
      key: "createdAt",
      header: field("createdAt"),
      label: field("createdAt"),
      phone: "detail",
      cell: (row) => (
        <span className="whitespace-nowrap">{formatDateTime(row.createdAt, locale, register.timeZone)}</span>
      ),
      hideBelow: "sm",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${ENFORCEMENT_PATH}/create`} className={buttonClass()}>
      {t("safety:enforcement.register.create")}
    </Link>
  ) : null;
  const activeFilters = [query.type, query.status, query.from, query.to].filter(Boolean).length;
  const any = t("safety:enforcement.filters.any");
  return (
    <RegisterPage
      title={t("safety:enforcement.register.title")}
      description={t("safety:enforcement.register.intro")}
      actions={createLink}
      above={
        query.object && query.type ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <strong>
              {t("safety:enforcement.register.historyOf", {
                type: t(`safety:enforcement.objectType.${query.type}`),
                object: query.object,
              })}
            </strong>
            <Link to={ENFORCEMENT_PATH} className="text-brand-700 hover:underline">
              {t("safety:enforcement.register.allScans")}
            </Link>
          </p>
        ) : null
      }
      search={
        <SearchBox
          label={t("safety:enforcement.register.search")}
          placeholder={t("safety:enforcement.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["type", "status", "from", "to", "object"],
        activeCount: activeFilters,
        children: (
          <>
            {query.object ? <input type="hidden" name="object" value={query.object} /> : null}
            <NativeSelect
              label={t("safety:enforcement.filters.type")}
              name="type"
              placeholder={any}
              defaultValue={query.type ?? undefined}
              options={ENFORCEMENT_OBJECT_TYPES.map((type) => ({
                value: type,
                label: t(`safety:enforcement.objectType.${type}`),
              }))}
            />
            <NativeSelect
              label={t("safety:enforcement.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={ENFORCEMENT_RESULTS.map((result) => ({
                value: result,
                label: t(`safety:enforcement.result.${result}`),
              }))}
            />
            <DateField
              label={t("safety:enforcement.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? undefined }}
            />
            <DateField
              label={t("safety:enforcement.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? undefined }}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("safety:enforcement.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0 || Boolean(query.object)}
        noResults={t("safety:enforcement.register.noResults")}
        items={t("safety:enforcement.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
