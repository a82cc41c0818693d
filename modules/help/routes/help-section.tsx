import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { Pagination } from "~/app/ui/pagination";
import { SearchBox } from "~/app/ui/search-box";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { helpFlags, readHelpQuery, searchArticles, sectionOf } from "../server/help-articles.server";
import { HELP_ADD_PATH, HELP_PATH } from "../server/help-basics";
import { ArticleList } from "../ui/article-list";
import { useHelpText } from "../ui/help-text";

export const handle = { i18n: ["help", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Help | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const section = sectionOf(params.section);
  const query = readHelpQuery(new URL(request.url).searchParams);
  return {
    section,
    q: query.q,
    list: await searchArticles(context.em, { section, ...query, language: context.locale }),
    ...helpFlags(context),
  };
}

export default function HelpSectionPage() {
  const { section, q, list, canCreate } = useLoaderData<typeof loader>();
  const { t } = useHelpText();
  const addLink = canCreate ? (
    <Link to={`${HELP_ADD_PATH}?section=${section}`} className={buttonClass("primary")}>
      {t("help:index.addNew")}
    </Link>
  ) : null;
  return (
    <div className="space-y-6">
      <p>
        <Link to={HELP_PATH} className="text-sm font-medium text-brand-700 hover:underline">
          {t("help:section.back")}
        </Link>
      </p>
      <PageHeader
        title={t(`help:sections.${section}`)}
        description={t(`help:sectionIntro.${section}`)}
        actions={addLink}
      />
      <SearchBox label={t("help:section.searchLabel")} placeholder={t("help:index.searchPlaceholder")} />
      {list.articles.length ? (
        <>
          <ArticleList articles={list.articles} />
          <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
        </>
      ) : (
        <EmptyState
          title={q ? t("help:index.noResults", { q }) : t("help:section.empty")}
          description={!q && canCreate ? t("help:section.emptyAdmin") : undefined}
        />
      )}
    </div>
  );
}
