/**
 * The review pages as a browser without JavaScript receives them: opened with a review link, the page's
 * form posts back to the link's own address (its token included), with the decision as the button pressed
 * and the typed name as the signature, so the route tests' plain form posts are what such a browser sends.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as externalReview from "../routes/itp-external-review";
import * as internalReview from "../routes/itp-internal-review";

const ITP_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

const itp = {
  id: ITP_ID,
  number: "ITP-0007",
  title: "Bored piles",
  status: "internal_review",
  revision: 0,
  projectName: "Harbour Bridge",
  projectNumber: "HB-1",
  customer: null,
  contractNumber: null,
  areaSubSystem: null,
  lotNumber: null,
  description: null,
  discipline: "Civil",
  specification: null,
  drawings: null,
  preparedBy: null,
  creationDate: "2026-01-05",
  approvalDate: null,
  qualitySpecified: null,
  certificateNumber: null,
  items: [],
  attachments: {},
};

/** Server-renders a route module at a URL with the loader data given, as Remix sends it before hydration. */
function serverHtml(
  route: { default: React.ComponentType },
  url: string,
  loaderData: Record<string, unknown>,
) {
  return renderRouteHtml({ route, path: "/quality/itp/:kind/:id", url, loaderData });
}

const linkPage = (token: string) => ({
  via: "link",
  state: "valid",
  token,
  recipientName: "Olga Outside",
  expiresAt: "2026-12-08T00:00:00.000Z",
  itp,
});

describe("the review pages without JavaScript", () => {
  it("Quality's page opened with a link posts the decision back to the link's address", async () => {
    const url = `/quality/itp/internal-review/${ITP_ID}?token=abc_DEF-123`;
    const html = await serverHtml(internalReview, url, linkPage("abc_DEF-123"));
    expect(html).toContain("ITP review for Quality: ITP-0007 Bored piles");
    expect(html).toMatch(new RegExp(`<form method="post" action="${url.replace("?", "\\?")}"`));
    for (const decision of ["send_external", "activate", "reject"])
      expect(html).toMatch(
        new RegExp(`<button[^>]*type="submit"[^>]*name="decision"[^>]*value="${decision}"`),
      );
    expect(html).toContain('name="reviewerName"');
  });

  it("the client's page opened with a link does the same with the client's two decisions", async () => {
    const url = `/quality/itp/external-review/${ITP_ID}?token=t0k3n`;
    const html = await serverHtml(externalReview, url, linkPage("t0k3n"));
    expect(html).toContain("ITP review: ITP-0007 Bored piles");
    expect(html).toMatch(new RegExp(`<form method="post" action="${url.replace("?", "\\?")}"`));
    for (const decision of ["approved", "rejected"])
      expect(html).toMatch(new RegExp(`<button[^>]*name="decision"[^>]*value="${decision}"`));
  });

  it("a link that no longer works shows why, and no form", async () => {
    const html = await serverHtml(internalReview, `/quality/itp/internal-review/${ITP_ID}?token=old`, {
      via: "link",
      state: "expired",
    });
    expect(html).toContain("Link Expired");
    expect(html).not.toContain("<form");
  });
});
