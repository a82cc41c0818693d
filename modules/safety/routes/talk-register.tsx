import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { TALK_CREATE_PATH, talkPath } from "../server/talk-basics";
import { loadTalkRegister, type TalkRegisterRow } from "../server/talk-register.server";
import { kindsAllowed } from "../server/talks.server";
import { useTalkText } from "../ui/talk-text";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Meetings | SiteProof" }];

/** Pre-start and toolbox talks, a tab per kind the user may view (any one of the view permissions opens it). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadTalkRegister(context, new URL(request.url)),
    createKinds: kindsAllowed(context, "create"),
  };
}

export default function TalkRegisterPage() {
  const { register, createKinds } = useLoaderData<typeof loader>();
  const { t, locale } = useTalkText();
  const { query } = register;
  const field = (name: string) => t(`safety:talk.fields.${name}`);
  const columns: DataTableColumn<TalkRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={talkPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    { key: "title", header: field("title"), phone: "heading", cell: (row) => row.title },
    {
      key: "heldOn",
      header: field("heldOn"),
      label: field("heldOn"),
      sortable: true,
      phone: "detail",
      cell: (row) => (row.heldOn ? formatDate(row.heldOn, locale) : "-"),
    },
    {
      key: "supervisor",
      header: field("supervisor"),
      label: field("supervisor"),
      phone: "detail",
      cell: (row) => row.supervisor ?? "-",
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
      key: "attendees",
      header: field("attendance"),
      label: field("attendance"),
      phone: "detail",
      cell: (row) => row.attendees,
      hideBelow: "sm",
    },
  ];
  const createLink = createKinds.includes(query.tab) ? (
    <Link to={`${TALK_CREATE_PATH}?kind=${query.tab}`} className={buttonClass()}>
      {t(`safety:talk.register.create.${query.tab}`)}
    </Link>
  ) : null;
  const activeFilters = [query.location, query.supervisor, query.from, query.to].filter(Boolean).length;
  const any = t("safety:talk.filters.any");
  return (
    <RegisterPage
      title={t("safety:talk.register.title")}
      description={t("safety:talk.register.intro")}
      actions={createLink}
      above={
        <LinkTabs
          label={t("safety:talk.register.tabsLabel")}
          tabs={register.tabs.map((kind) => ({ value: kind, label: t(`safety:talk.register.tabs.${kind}`) }))}
        />
      }
      search={
        <SearchBox
          label={t("safety:talk.register.search")}
          placeholder={t("safety:talk.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["location", "supervisor", "from", "to"],
        activeCount: activeFilters,
        children: (
          <>
            {register.filters.locations.length === 0 ? null : (
              <NativeSelect
                label={t("safety:talk.filters.location")}
                name="location"
                placeholder={any}
                defaultValue={query.location ?? undefined}
                options={register.filters.locations}
              />
            )}
            {register.filters.members.length === 0 ? null : (
              <NativeSelect
                label={t("safety:talk.filters.supervisor")}
                name="supervisor"
                placeholder={any}
                defaultValue={query.supervisor ?? undefined}
                options={register.filters.members}
              />
            )}
            <DateField
              label={t("safety:talk.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? undefined }}
            />
            <DateField
              label={t("safety:talk.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? undefined }}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t(`safety:talk.register.tabs.${query.tab}`)}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("safety:talk.register.noResults")}
        items={t(`safety:talk.register.items.${query.tab}`)}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
