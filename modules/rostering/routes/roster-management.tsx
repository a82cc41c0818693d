import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs } from "~/app/ui/link-tabs";
import { PageHeader } from "~/app/ui/page-header";
import { Pagination } from "~/app/ui/pagination";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { ROSTER_CREATE_PATH, rosterPath } from "../server/rostering-basics";
import { loadRosterList } from "../server/rosters.server";
import { RosterStatusBadge, useRosteringText } from "../ui/rostering-text";
import { TemplateLinks } from "../ui/template-links";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Roster management | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadRosterList(await requireRoute(request), new URL(request.url));
}

/** /rostering/rostering/roster-management: tabs Single Roster and Composition Roster. */
export default function RosterManagementPage() {
  const { tab, rosters, tabCounts, page, pageSize, total, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useRosteringText();
  const create = canCreate ? (
    <Link to={`${ROSTER_CREATE_PATH}?kind=${tab}`} className={buttonClass()}>
      {t(`rostering:rosters.create.${tab}`)}
    </Link>
  ) : null;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("rostering:rosters.title")}
        description={t("rostering:rosters.intro")}
        actions={
          <div className="flex flex-wrap gap-2">
            {create}
            <TemplateLinks kind="RosterTemplate" canImport={canCreate} />
          </div>
        }
      />
      <LinkTabs
        label={t("rostering:rosters.title")}
        defaultValue="single"
        tabs={[
          { value: "single", label: `${t("rostering:rosters.tabs.single")} (${tabCounts.single})` },
          {
            value: "composition",
            label: `${t("rostering:rosters.tabs.composition")} (${tabCounts.composition})`,
          },
        ]}
      >
        {rosters.length === 0 ? (
          <EmptyState
            title={t(`rostering:rosters.none.${tab}`)}
            description={t("rostering:rosters.noneHint")}
            action={create}
          />
        ) : (
          <ul className="space-y-3">
            {rosters.map((roster) => (
              <li key={roster.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <Link to={rosterPath(roster.id)} className="record-link">
                    {roster.name}
                  </Link>
                  <RosterStatusBadge status={roster.status} />
                </p>
                <p className="text-slate-600">
                  {formatDate(roster.startsOn, locale)} – {formatDate(roster.endsOn, locale)}
                  {roster.who ? ` · ${roster.who}` : ""}
                  {roster.allocation ? ` · ${roster.allocation}` : ""}
                  {` · ${t("rostering:rosters.peopleShifts", { people: roster.people, shifts: roster.shifts })}`}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageSize={pageSize} total={total} />
      </LinkTabs>
    </div>
  );
}
