import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { htmlLang } from "~/app/i18n";
import { useNonce } from "~/app/nonce";
import { NotFoundPage } from "~/app/pages/not-found-page";
import stylesheet from "~/app/styles/app.css?url";
import { buttonClass } from "~/app/ui/button";
import { Toaster } from "~/app/ui/toaster";
import { readToast } from "~/server/http/toast.server";
import { requestContext } from "~/server/permissions/guard.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "SiteProof" }];

export const handle = { i18n: ["common", "ui"] };

export async function loader({ request }: LoaderFunctionArgs) {
  // The root reads the session only to pick the language; each route enforces its own access.
  const { locale } = await requestContext(request);
  const { toast, clear } = await readToast(request);
  return data({ locale, toast }, { headers: clear ? { "Set-Cookie": clear } : undefined });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const locale = rootData?.locale ?? "en";
  const nonce = useNonce();
  return (
    <html lang={htmlLang(locale)} data-locale={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh antialiased">
        {children}
        {/*
          Here, not in App: the root's error page replaces App, and a toast area mounted again shows
          every toast still on screen once more (sonner replays them), e.g. "You are now working in…"
          after a page that was not found and Back. The Layout stays for the life of the page.
        */}
        <Toaster toast={rootData?.toast} locale={locale} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  // No TooltipProvider here: each Tooltip brings its own, so pages without tooltips (most) do not load
  // Radix Tooltip and its positioning code.
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A post that was not a well-formed form says why, in the reader's language (server/http/form.server.ts).
  const why =
    isRouteErrorResponse(error) &&
    (error.status === 400 || error.status === 413) &&
    typeof error.data === "string"
      ? error.data
      : null;
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold">{t("error.somethingWentWrong")}</h1>
        {why ? <p className="mt-2 text-sm">{why}</p> : null}
        <a href="/" className={`${buttonClass()} mt-6`}>
          {t("notFound.goHome")}
        </a>
      </div>
    </main>
  );
}
