import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { SHARED_PLACE_PATHS } from "../server/accommodation-basics";
import {
  loadSharedAccommodationList,
  type SharedAccommodationListRow,
} from "../server/shared-accommodation.server";
import { placeColumns, useAccommodationText } from "../ui/accommodation-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Shared accommodation | SiteProof" }];

/** Global settings' rostering: the company's shared camps and motels that every project books (decision 047). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  return {
    list: await loadSharedAccommodationList(context.em, new URL(request.url)),
    canCreate: context.canGlobal("rostering.shared-accommodation.create-global"),
  };
}

export default function SharedAccommodationListPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useAccommodationText();
  const field = (name: string) => t(`rostering:accommodation.fields.${name}`);
  const columns: DataTableColumn<SharedAccommodationListRow>[] = [
    {
      key: "name",
      header: field("name"),
      phone: "heading",
      cell: (row) => (
        <Link to={SHARED_PLACE_PATHS.place(row.id)} className="record-link">
          {row.name}
        </Link>
      ),
    },
    ...placeColumns<SharedAccommodationListRow>(field),
    {
      key: "projects",
      header: t("rostering:accommodation.shared.projectsThisWeek"),
      label: t("rostering:accommodation.shared.projectsThisWeek"),
      phone: "detail",
      align: "right",
      cell: (row) => row.projectsThisWeek,
    },
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
    <Link to={SHARED_PLACE_PATHS.create} className={buttonClass()}>
      {t("rostering:accommodation.list.create")}
    </Link>
  ) : null;
  return (
    <RegisterPage
      title={t("rostering:accommodation.shared.title")}
      description={t("rostering:accommodation.shared.intro", { week: formatDate(list.weekStart, locale) })}
      actions={createLink}
      search={<SearchBox label={t("rostering:accommodation.list.search")} />}
    >
      <RegisterTable
        caption={t("rostering:accommodation.shared.title")}
        columns={columns}
        list={list}
        rowKey={(row) => row.id}
        filtered={Boolean(list.q)}
        noResults={t("rostering:accommodation.list.noResults")}
        items={t("rostering:accommodation.shared.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
