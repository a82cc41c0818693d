import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { serverT } from "~/server/i18n/i18n.server";
import { locales } from "~/server/i18n/locale";
import { requireShellRoute } from "~/server/permissions/guard.server";
import { navigationFor } from "~/server/permissions/modules.server";
import { registry } from "~/server/registry";

/** The application frame of project and global settings pages: sidebar from the registry, project, profile menu. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireShellRoute(request);
  const { user, project, locale } = context;
  // Labels are translated here: the browser loads only the namespaces of the page it shows.
  const t = await serverT(locale);
  const nav = navigationFor(context);
  const current = currentModuleOf(new URL(request.url).pathname);
  return {
    user: { name: user.name, email: user.email, isSuperAdmin: user.isSuperAdmin },
    project: project ? { id: project.id, name: project.name, number: project.number } : null,
    nav: groupByModule(nav).map((group) => {
      const title = t(`${group.moduleId}:title`);
      // The module the user is in shows all its pages; every other module is one link to its first page
      // (its home), as the spec's "current module" menu does. The menu stays the same size however many
      // modules a project runs, and so does every page's HTML.
      const entries =
        group.moduleId === current || group.entries.length === 1
          ? group.entries.map((entry) => ({ path: entry.path, label: t(entry.label) }))
          : [{ path: group.entries[0].path, label: title }];
      return { moduleId: group.moduleId, title, entries };
    }),
    locale,
  };
}

/** The module whose pages the path is under (its base path), if any. */
function currentModuleOf(pathname: string): string | null {
  const module = registry().modules.find(
    (candidate) => pathname === candidate.basePath || pathname.startsWith(`${candidate.basePath}/`),
  );
  return module?.id ?? null;
}

function groupByModule<T extends { moduleId: string }>(entries: T[]) {
  const groups: { moduleId: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last?.moduleId === entry.moduleId) last.entries.push(entry);
    else groups.push({ moduleId: entry.moduleId, entries: [entry] });
  }
  return groups;
}

/** Tailwind's lg breakpoint, where the menu is a sidebar that stays open. */
const WIDE_SCREEN = "(min-width: 64rem)";

type NavGroup = { moduleId: string; title: string; entries: { path: string; label: string }[] };

export default function Shell() {
  const { user, project, nav, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current && window.matchMedia(WIDE_SCREEN).matches) menu.current.open = true;
  }, []);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <a href="#main" className="skip-link">
        {t("shell.skipToContent")}
      </a>
      {/*
        One menu for every width: a disclosure on a phone, the sidebar from lg, where CSS keeps it open
        (browsers too old to style ::details-content get it opened by the effect above).
      */}
      <details ref={menu} className="shell-menu">
        <summary className="shell-menu-summary">
          <span className="text-lg font-bold">SiteProof</span>
          <span className="text-sm lg:hidden">{t("shell.openMenu")}</span>
        </summary>
        <SideNav nav={nav} />
      </details>
      <div className="flex min-w-0 flex-col">
        <header className="shell-header">
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-wide text-slate-500">{t("shell.project")}</p>
            <p className="truncate font-medium" data-testid="current-project">
              {project ? (
                <>
                  {`${project.name} `}
                  <span className="text-slate-500">{`(${project.number})`}</span>
                </>
              ) : (
                t("shell.noProject")
              )}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <a
              href={`/help-panel/helpPanel?from=${encodeURIComponent(location.pathname)}`}
              className="shell-link"
            >
              {t("shell.help")}
            </a>
            <details className="relative">
              <summary
                className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-100"
                aria-label={t("shell.profile")}
              >
                <span
                  className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white"
                  aria-hidden
                >
                  {user.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="hidden text-sm sm:inline">{user.name}</span>
              </summary>
              <div className="absolute right-0 z-20 mt-2 w-72 rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
                <p className="font-medium">{user.name}</p>
                <p className="text-sm text-slate-500">{user.email}</p>
                {user.isSuperAdmin ? (
                  <p className="mt-1 text-xs text-amber-700">{t("shell.superAdmin")}</p>
                ) : null}
                <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm">
                  <li>
                    <a href="/account/password" className="menu-link">
                      {t("shell.changePassword")}
                    </a>
                  </li>
                  <li>
                    <a href={`/access-control?redirectTo=${encodeURIComponent("/")}`} className="menu-link">
                      {t("shell.switchProject")}
                    </a>
                  </li>
                </ul>
                <Form method="post" action="/account/preferences" className="mt-4 flex items-end gap-2">
                  <input type="hidden" name="redirectTo" value={here} />
                  <div className="flex-1">
                    <label htmlFor="profile-locale" className="block text-xs font-medium text-slate-600">
                      {t("shell.language")}
                    </label>
                    <select
                      id="profile-locale"
                      name="locale"
                      defaultValue={locale}
                      className="mt-1 h-9 w-full rounded-md border border-slate-300 px-2 text-sm"
                    >
                      {locales.map((code) => (
                        <option key={code} value={code}>
                          {t(`shell.languages.${code}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button type="submit" size="sm" variant="secondary">
                    {t("shell.saveLanguage")}
                  </Button>
                </Form>
                <Form method="post" action="/auth/logout" className="mt-4 border-t border-slate-100 pt-3">
                  <Button type="submit" variant="ghost" size="sm" className="w-full justify-start">
                    {t("auth.signOut")}
                  </Button>
                </Form>
              </div>
            </details>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-[1400px] flex-1 px-4 py-6 sm:px-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * .nav-link in app.css; the current page's link is marked by aria-current, which NavLink sets. A function,
 * so NavLink adds no "active" class of its own.
 */
const linkClass = () => "nav-link";

/** A module with one page is one link; a module with several shows its title over its pages. */
function SideNav({ nav }: { nav: NavGroup[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("shell.navigation")} className="px-3 pb-4">
      <ul className="space-y-1">
        {nav.map((group) =>
          group.entries.length === 1 ? (
            <li key={group.moduleId}>
              <NavLink to={group.entries[0].path} end={group.entries[0].path === "/"} className={linkClass}>
                {group.entries[0].label}
              </NavLink>
            </li>
          ) : (
            <li key={group.moduleId} className="pt-3">
              <p className="nav-group">{group.title}</p>
              <ul className="space-y-0.5">
                {group.entries.map((entry) => (
                  <li key={entry.path}>
                    <NavLink to={entry.path} className={linkClass}>
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
