import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { SearchFilter } from "~/app/ui/search-filter";
import { formatDate } from "~/app/utils/format";
import { searchMembers, typedFilterRedirect } from "~/server/filters/searched-filters.server";
import { searchLocations } from "~/server/locations/location-search.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { DIARY_STATUSES } from "../domain/diary-states";
import {
  DIARY_ASSIGNEE_TEXT,
  DIARY_CREATE_PATH,
  DIARY_INTENTS,
  DIARY_LOCATION_TEXT,
  DIARY_PATH,
  DIARY_WHOLE_PROJECT,
  diaryPath,
} from "../server/diary-basics";
import { type DiaryRegisterRow, loadDiaryRegister } from "../server/diary-register.server";
import { DiaryStatusBadge, useDiaryText } from "../ui/diary-status";

function exportSearchOf(url: URL) {
  const params = new URLSearchParams(url.searchParams);
  params.delete("page");
  const search = params.toString();
  return search ? `?${search}` : "";
}

export const handle = { i18n: ["operation", "common"] };

export const meta: MetaFunction = () => [{ title: "Site diaries | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const url = new URL(request.url);
  // A location or member typed without JavaScript: the ones the pickers would have offered, as chosen ones.
  const typed = await typedFilterRedirect(url, [
    {
      textParam: DIARY_LOCATION_TEXT,
      param: "location",
      search: (text) => searchLocations(context.em, context.project.id, text),
    },
    {
      textParam: DIARY_ASSIGNEE_TEXT,
      param: "assignee",
      search: (text) => searchMembers(context.em, context.project.id, text),
    },
  ]);
  if (typed.redirectTo) throw redirect(typed.redirectTo);
  return {
    unmatched: typed.unmatched,
    register: await loadDiaryRegister(context, url),
    canCreate: context.can("operation.siteDaries.create"),
    canExport: context.can("operation.siteDaries.download"),
    // The export takes the register's search, filters and order, not its page.
    exportSearch: exportSearchOf(url),
  };
}

export default function SiteDiaryRegisterPage() {
  const { register, canCreate, canExport, unmatched, exportSearch } = useLoaderData<typeof loader>();
  const { t, locale } = useDiaryText();
  const { query } = register;
  const field = (name: string) => t(`operation:diary.fields.${name}`);
  const columns: DataTableColumn<DiaryRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={diaryPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "formDate",
      header: field("formDate"),
      sortable: true,
      phone: "heading",
      cell: (row) => formatDate(row.formDate, locale),
    },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <DiaryStatusBadge status={row.status} />,
    },
    {
      key: "location",
      header: field("location"),
      label: field("location"),
      phone: "detail",
      cell: (row) => row.location ?? t("operation:diary.detail.wholeProject"),
    },
    {
      key: "description",
      header: field("description"),
      cell: (row) => row.description ?? "-",
      hideBelow: "lg",
    },
    {
      key: "assignee",
      header: field("assignee"),
      label: field("assignee"),
      phone: "detail",
      cell: (row) => row.assignee ?? "-",
      hideBelow: "md",
    },
    {
      key: "dueDate",
      header: field("dueDate"),
      label: field("dueDate"),
      sortable: true,
      phone: "detail",
      cell: (row) => formatDate(row.dueDate, locale),
      hideBelow: "sm",
    },
  ];
  const createLink = canCreate ? (
    <Link to={DIARY_CREATE_PATH} className={buttonClass("secondary")}>
      {t("operation:diary.register.create")}
    </Link>
  ) : null;
  const activeFilters =
    [query.status, query.from, query.to].filter(Boolean).length +
    query.locations.length +
    query.assignees.length;
  return (
    <RegisterPage
      title={t("operation:diary.register.title")}
      description={t("operation:diary.register.intro")}
      actions={
        canCreate ? (
          <>
            {createLink}
            {/* The whole project's; a place's is opened from the create page (the project's places are not shipped here). */}
            <Form method="post" action={DIARY_CREATE_PATH}>
              <input type="hidden" name="intent" value={DIARY_INTENTS.openToday} />
              <input type="hidden" name="locationId" value={DIARY_WHOLE_PROJECT} />
              <Button type="submit">{t("operation:diary.register.openToday")}</Button>
            </Form>
          </>
        ) : null
      }
      above={
        <ul aria-label={t("operation:diary.register.totals")} className="flex flex-wrap gap-2 text-sm">
          {DIARY_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={`${DIARY_PATH}?status=${status}`}
                className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 hover:bg-slate-50"
              >
                <DiaryStatusBadge status={status} />
                <span className="font-semibold text-slate-900">{register.statusTotals[status] ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      }
      search={
        <SearchBox
          label={t("operation:diary.register.search")}
          placeholder={t("operation:diary.register.searchPlaceholder")}
        />
      }
      exportLink={
        canExport
          ? { href: `${DIARY_PATH}/export${exportSearch}`, label: t("operation:diary.register.export") }
          : undefined
      }
      filters={{
        fields: ["status", "location", DIARY_LOCATION_TEXT, "assignee", DIARY_ASSIGNEE_TEXT, "from", "to"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("operation:diary.filters.status")}
              name="status"
              placeholder={t("operation:diary.filters.any")}
              defaultValue={query.status ?? undefined}
              options={DIARY_STATUSES.map((status) => ({
                value: status,
                label: t(`operation:diary.status.${status}`),
              }))}
            />
            <SearchFilter
              legend={t("operation:diary.filters.location")}
              name="location"
              textName={DIARY_LOCATION_TEXT}
              selected={register.chosenLocations}
              choicesHref={(text) => `${DIARY_PATH}/filter-values?${new URLSearchParams({ q: text })}`}
              unmatched={unmatched.location ?? null}
            />
            <SearchFilter
              legend={t("operation:diary.filters.assignee")}
              name="assignee"
              textName={DIARY_ASSIGNEE_TEXT}
              selected={register.chosenAssignees}
              choicesHref={(text) =>
                `${DIARY_PATH}/filter-values?${new URLSearchParams({ filter: "assignee", q: text })}`
              }
              unmatched={unmatched.assignee ?? null}
            />
            <DateField
              label={t("operation:diary.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? "" }}
            />
            <DateField
              label={t("operation:diary.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? "" }}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t("operation:diary.register.caption")}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("operation:diary.register.noResults")}
        items={t("operation:diary.register.items")}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
