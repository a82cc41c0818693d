import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { Pagination } from "~/app/ui/pagination";
import { SearchBox } from "~/app/ui/search-box";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { registry } from "~/server/registry";
import { HELP_SECTIONS, sectionForPath } from "../domain/help-sections";
import { helpFlags, readHelpQuery, searchArticles, sectionCounts } from "../server/help-articles.server";
import { HELP_ADD_PATH, helpSectionPath } from "../server/help-basics";
import { ArticleList } from "../ui/article-list";
import { useHelpText } from "../ui/help-text";

export const handle = { i18n: ["help", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Help | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const url = new URL(request.url);
  // The shell's Help link says which page it was on: open the help of that page's module.
  if (url.searchParams.has("from")) {
    const section = sectionForPath(registry().modules, url.searchParams.get("from"));
    throw redirect(section ? helpSectionPath(section) : url.pathname);
  }
  const query = readHelpQuery(url.searchParams);
  return {
    counts: await sectionCounts(context.em),
    results: query.q
      ? await searchArticles(context.em, { section: null, ...query, language: context.locale })
      : null,
    q: query.q,
    ...helpFlags(context),
  };
}

export default function HelpIndexPage() {
  const { counts, results, q, canCreate } = useLoaderData<typeof loader>();
  const { t } = useHelpText();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("help:index.title")}
        description={t("help:index.intro")}
        actions={
          canCreate ? (
            <Link to={HELP_ADD_PATH} className={buttonClass("primary")}>
              {t("help:index.addNew")}
            </Link>
          ) : null
        }
      />
      <SearchBox label={t("help:index.searchLabel")} placeholder={t("help:index.searchPlaceholder")} />
      {results ? (
        <section className="space-y-3" aria-labelledby="help-results">
          <h2 id="help-results" className="text-lg font-semibold">
            {t("help:index.results", { q })}
          </h2>
          {results.articles.length ? (
            <>
              <ArticleList articles={results.articles} showSection />
              <Pagination page={results.page} pageSize={results.pageSize} total={results.total} />
            </>
          ) : (
            <EmptyState title={t("help:index.noResults", { q })} />
          )}
        </section>
      ) : null}
      <nav aria-label={t("help:index.sections")}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_SECTIONS.map((section) => (
            <li key={section}>
              <Link
                to={helpSectionPath(section)}
                className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-600"
              >
                <span className="font-medium text-brand-700">{t(`help:sections.${section}`)}</span>
                <span className="mt-1 block text-sm text-slate-600">{t(`help:sectionIntro.${section}`)}</span>
                <span className="mt-2 block text-xs text-slate-500">
                  {t("help:index.articles", { count: counts[section] ?? 0 })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
