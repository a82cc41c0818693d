import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { type AccommodationListRow, loadAccommodationList } from "../server/accommodation.server";
import { ACCOMMODATION_CREATE_PATH, accommodationPath } from "../server/accommodation-basics";
import { placeColumns, SharedBadge, useAccommodationText } from "../ui/accommodation-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Accommodation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    list: await loadAccommodationList(context, new URL(request.url)),
    canCreate: context.can("rostering.accommodation.create"),
  };
}

export default function AccommodationListPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useAccommodationText();
  const field = (name: string) => t(`rostering:accommodation.fields.${name}`);
  const columns: DataTableColumn<AccommodationListRow>[] = [
    {
      key: "name",
      header: field("name"),
      phone: "heading",
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <Link to={accommodationPath(row.id)} className="record-link">
            {row.name}
          </Link>
          {row.shared ? <SharedBadge /> : null}
        </span>
      ),
    },
    ...placeColumns<AccommodationListRow>(field),
    {
      key: "nights",
      header: t("rostering:accommodation.list.nightsThisWeek"),
      label: t("rostering:accommodation.list.nightsThisWeek"),
      phone: "detail",
      align: "right",
      cell: (row) => row.nightsThisWeek,
    },
  ];
  const createLink = canCreate ? (
    <Link to={ACCOMMODATION_CREATE_PATH} className={buttonClass()}>
      {t("rostering:accommodation.list.create")}
    </Link>
  ) : null;
  return (
    <RegisterPage
      title={t("rostering:accommodation.list.title")}
      description={t("rostering:accommodation.list.intro", { week: formatDate(list.weekStart, locale) })}
      actions={createLink}
      search={<SearchBox label={t("rostering:accommodation.list.search")} />}
    >
      <RegisterTable
        caption={t("rostering:accommodation.list.title")}
        columns={columns}
        list={list}
        rowKey={(row) => row.id}
        filtered={Boolean(list.q)}
        noResults={t("rostering:accommodation.list.noResults")}
        items={t("rostering:accommodation.list.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
