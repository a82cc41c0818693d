/**
 * The shell's Help link, as a browser without JavaScript gets it: a plain link to the help panel that carries
 * the page the reader is on (its path and query), so the help opens the section of that page's module.
 */
import { describe, expect, it } from "vitest";
import * as shell from "~/app/routes/_shell";
import { renderRouteHtml } from "~/tests/setup/render";

const loaderData = {
  user: { name: "Erin Engineer", email: "engineer@siteproof.test", isSuperAdmin: false },
  project: { id: "p1", name: "Northern Bridge Upgrade", number: "NBU-2026" },
  nav: [],
  locale: "en",
};

describe("the shell's Help link", () => {
  it("carries the current page (its path: the section is the module's) to the help panel, in the reader's language", async () => {
    const html = await renderRouteHtml({
      route: shell,
      path: "/plants-and-machinery/*",
      url: "/plants-and-machinery/abc?tab=documents",
      loaderData,
    });
    expect(html).toContain(
      `<a href="/help-panel/helpPanel?from=${encodeURIComponent("/plants-and-machinery/abc")}"`,
    );
    expect(html).toMatch(/>Help<\/a>/);
    const vi = await renderRouteHtml({
      route: shell,
      path: "/quality/*",
      url: "/quality/lot",
      loaderData: { ...loaderData, locale: "vi" },
      locale: "vi",
    });
    expect(vi).toMatch(/>Trợ giúp<\/a>/);
  });
});
