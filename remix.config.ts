import type { VitePluginConfig } from "@remix-run/dev";

/** Remix plugin options: every v3 future flag on. The route table is app/routes.ts, built from the registry. */
export const remixConfig: VitePluginConfig = {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};
