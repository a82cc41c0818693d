import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOWNSTREAM_PERMISSIONS } from "../domain/downstream-workflow";
import { CONTRACT_STATUSES } from "../domain/vocabularies";
import { DOWNSTREAM_CREATE_PATH, subcontractPath } from "../server/downstream-basics";
import { loadSubcontractRegister, type SubcontractRegisterRow } from "../server/subcontract.server";
import { ContractStatusBadge, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Downstream | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  return {
    list: await loadSubcontractRegister(em, project.id, new URL(request.url)),
    canCreate: can(DOWNSTREAM_PERMISSIONS.create),
  };
}

/** The subcontract register: search by code, title or company, a state filter, pages from the database. */
export default function SubcontractRegisterPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  const { t, money } = useUpstreamText();
  const f = (name: string) => t(`cost-and-commercial:subcontract.fields.${name}`);
  const columns: DataTableColumn<SubcontractRegisterRow>[] = [
    {
      key: "code",
      header: f("code"),
      phone: "heading",
      cell: (row) => (
        <Link
          to={subcontractPath(row.id)}
          className="font-medium whitespace-nowrap text-brand-700 hover:underline"
        >
          {row.code}
        </Link>
      ),
    },
    { key: "title", header: f("title"), phone: "heading", cell: (row) => row.title },
    { key: "company", header: f("company"), phone: "detail", cell: (row) => row.company },
    {
      key: "status",
      header: f("status"),
      phone: "status",
      cell: (row) => <ContractStatusBadge status={row.status} />,
    },
    {
      key: "contractSum",
      header: f("contractSum"),
      phone: "detail",
      hideBelow: "md",
      cell: (row) => <span className="tabular-nums">{money(row.contractSumCents)}</span>,
    },
  ];
  const createLink = canCreate ? (
    <Link to={DOWNSTREAM_CREATE_PATH} className={buttonClass()}>
      {t("cost-and-commercial:subcontract.register.create")}
    </Link>
  ) : null;
  return (
    <RegisterPage
      title={t("cost-and-commercial:subcontract.register.title")}
      description={t("cost-and-commercial:subcontract.register.intro")}
      actions={createLink}
      search={
        <SearchBox
          label={t("cost-and-commercial:subcontract.register.search")}
          placeholder={t("cost-and-commercial:subcontract.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status"],
        activeCount: list.query.status ? 1 : 0,
        children: (
          <NativeSelect
            label={f("status")}
            name="status"
            placeholder={t("cost-and-commercial:subcontract.register.anyStatus")}
            defaultValue={list.query.status ?? undefined}
            options={CONTRACT_STATUSES.map((status) => ({
              value: status,
              label: t(`cost-and-commercial:vocab.contractStatus.${status}`),
            }))}
          />
        ),
      }}
    >
      <RegisterTable
        caption={t("cost-and-commercial:subcontract.register.title")}
        columns={columns}
        list={list}
        rowKey={(row) => row.id}
        filtered={Boolean(list.query.q || list.query.status)}
        noResults={t("cost-and-commercial:subcontract.register.noResults")}
        items={t("cost-and-commercial:subcontract.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
