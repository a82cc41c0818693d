import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import {
  appTarget,
  parseDeepLink,
  platformFromUserAgent,
  runDeepLink,
  STORE_URLS,
  webTarget,
} from "~/app/deeplink/deeplink";
import { Redirecting } from "~/app/deeplink/redirecting";
import { env } from "~/server/env";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export const handle = { i18n: ["common"] };

export const meta: MetaFunction = () => [{ title: "SiteProof" }, { name: "robots", content: "noindex" }];

/** A desktop browser needs no app attempt: the server redirects, so it works without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  const link = parseDeepLink(new URL(request.url).searchParams);
  const webUrl = webTarget(link);
  const platform = platformFromUserAgent(request.headers.get("User-Agent"));
  if (platform === "desktop") return redirect(webUrl);
  return { platform, webUrl, appUrl: appTarget(link, env().APP_ENV), storeUrl: STORE_URLS[platform] };
}

export default function DeepLinkPage() {
  const { platform, appUrl, webUrl, storeUrl } = useLoaderData<typeof loader>();
  useEffect(
    () =>
      runDeepLink({
        platform,
        appUrl,
        webUrl,
        storeUrl,
        navigate: (url) => window.location.assign(url),
        isVisible: () => document.visibilityState === "visible",
        now: () => Date.now(),
        setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      }),
    [platform, appUrl, webUrl, storeUrl],
  );
  return <Redirecting href={webUrl} />;
}
