/**
 * Server-renders a page the way Remix does for a first request, so a test can read the HTML a browser
 * without JavaScript gets: no hydration, no client-side navigation, only what the server sends.
 */
import type { i18n as I18n } from "i18next";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { i18nFor } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";

type Routes = Parameters<typeof createStaticHandler>[0];

async function renderHtml(routes: Routes, request: Request, i18n: I18n): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response)
    throw new Error(`unexpected response ${context.status} for ${request.url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

/**
 * A route's page at a URL with the given loader data, as a browser without JavaScript gets it. `path` is
 * the route pattern (e.g. "/quality/lot/:id/*") so useParams works; `url` carries the query. With
 * `actionData` the page is the reply to a form POST — what the user sees after the server refused a
 * submission, since without JavaScript a form's errors only come back in the HTML.
 */
export async function renderRouteHtml(options: {
  route: { default: React.ComponentType };
  path: string;
  url: string;
  loaderData: unknown;
  actionData?: unknown;
  locale?: Locale;
}): Promise<string> {
  const { route, path, url, loaderData, actionData, locale = "en" } = options;
  const posted = actionData !== undefined;
  const routes = [
    {
      id: "page",
      path,
      loader: () => loaderData as Record<string, unknown>,
      ...(posted ? { action: () => actionData as Record<string, unknown> } : {}),
      Component: route.default,
    },
  ];
  const request = posted
    ? new Request(`http://localhost${url}`, { method: "POST", body: new URLSearchParams() })
    : new Request(`http://localhost${url}`);
  return renderHtml(routes, request, await i18nFor(locale));
}

/**
 * A bare element rendered at a URL, as a browser without JavaScript gets it: for components whose links
 * and forms are built from the current address (pagination, filters, search), so the test can check
 * they work as plain links and GET forms.
 */
export async function renderElementHtml(url: string, element: ReactElement): Promise<string> {
  return renderHtml([{ path: "*", element }], new Request(`http://localhost${url}`), await i18nFor("en"));
}
