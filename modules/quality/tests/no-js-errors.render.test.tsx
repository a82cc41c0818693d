/**
 * Refused forms as a browser without JavaScript receives them (issue #12): the page rendered on the server
 * after a refused post shows the reply's errors and keeps what was typed. The action answers the route's own
 * refusal (refusedDecision); the page data keeps its undefined keys, as Remix's single fetch does.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as externalItp from "../routes/external-itp";
import * as externalReview from "../routes/itp-external-review";
import * as internalReview from "../routes/itp-internal-review";
import { refusedDecision } from "../server/itp-review.server";
import { externalReviewSchema, internalReviewSchema } from "../server/itp-rules";

const ITP_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

const itp = {
  id: ITP_ID,
  number: "ITP-0007",
  title: "Bored piles",
  status: "external_review",
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

const linkPage = (token: string) => ({
  via: "link",
  state: "valid",
  token,
  recipientName: "Cleo Client",
  expiresAt: "2026-12-08T00:00:00.000Z",
  itp,
});

/** Server-renders a route after a post its action refuses, as Remix renders it for a browser without JavaScript. */
async function htmlAfterRefusal(
  route: { default: React.ComponentType },
  path: string,
  url: string,
  loaderData: Record<string, unknown>,
  refusal: () => Promise<unknown>,
) {
  // Remix unwraps data(); the reply's undefined keys (conform's `state`) stay.
  const actionData = ((await refusal()) as { data: Record<string, unknown> }).data;
  return renderRouteHtml({ route, path, url, loaderData, actionData });
}

function rejection(schema: typeof externalReviewSchema | typeof internalReviewSchema, decision: string) {
  const form = new FormData();
  form.set("decision", decision);
  form.set("reviewerName", "Cleo Client");
  form.set("comment", "");
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") throw new Error("the schema refused the form itself");
  return () => refusedDecision("comment-required", submission as never, "en");
}

describe("refused forms without JavaScript", () => {
  it("the client's reject with an empty reason on /external/itp/:id says why and keeps the typed name", async () => {
    const refusal = rejection(externalReviewSchema, "rejected");
    // The reply as the action answers it does carry conform's `state` key, undefined.
    expect("state" in ((await refusal()) as { data: object }).data).toBe(true);
    const html = await htmlAfterRefusal(
      externalItp,
      "/external/itp/:id",
      `/external/itp/${ITP_ID}?token=t0k3n`,
      linkPage("t0k3n"),
      refusal,
    );
    expect(html).toContain("Please give the reason for the rejection.");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('value="Cleo Client"');
  });

  it("the two review pages opened with a link show the same refusal", async () => {
    for (const [route, kind, schema, decision] of [
      [internalReview, "internal-review", internalReviewSchema, "reject"],
      [externalReview, "external-review", externalReviewSchema, "rejected"],
    ] as const) {
      const html = await htmlAfterRefusal(
        route,
        "/quality/itp/:kind/:id",
        `/quality/itp/${kind}/${ITP_ID}?token=t0k3n`,
        linkPage("t0k3n"),
        rejection(schema, decision),
      );
      expect(html, kind).toContain("Please give the reason for the rejection.");
    }
  });

  it("a link's own page (used, expired) is not mistaken for a refusal", async () => {
    const html = await htmlAfterRefusal(
      externalItp,
      "/external/itp/:id",
      `/external/itp/${ITP_ID}?token=old`,
      { state: "expired" },
      async () => ({ data: { state: "expired" } }),
    );
    expect(html).toContain("Link Expired");
    expect(html).not.toContain("<form");
  });
});
