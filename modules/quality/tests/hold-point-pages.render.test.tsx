/**
 * The client's pages as a browser without JavaScript receives them, with the loaders' real data: the link's
 * page is a plain multipart form per point (decision, remark, typed name, files) posting back to the link's
 * address with its token; a refused post re-renders the page with its message; the lot review and the notify
 * form are plain forms too.
 */
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader } from "~/tests/setup/requests";
import { Lot } from "../entities";
import * as externalHpWp from "../routes/external-hp-wp";
import * as externalLot from "../routes/external-lot";
import * as notifyRoute from "../routes/hp-wp-notify";
import * as clientLinks from "../routes/lot-client-links";
import { decisionForm, heldLotIn, notifyClientIn } from "./hold-point-fixtures";
import { mailsTo } from "./itp-fixtures";

const db = setupTestDatabase();

/** The page rendered on the server; with `actionData`, as after a refused post (the action answers it). */
function serverHtml(
  route: { default: React.ComponentType },
  path: string,
  url: string,
  loaderData: unknown,
  actionData?: unknown,
) {
  return renderRouteHtml({ route, path, url, loaderData, actionData });
}

describe("the client's pages without JavaScript", () => {
  it("renders each waiting point as a multipart form to the link's address, and a refusal with its message", async () => {
    const { lot, hold, site } = await heldLotIn(db.em);
    const { linkId, token } = await notifyClientIn(db.em, lot, site.cookie, [hold.id]);
    const url = `/external/hp-wp/${linkId}?token=${token}`;
    const page = await callLoader(externalHpWp, url, { params: { id: linkId } });
    const html = await serverHtml(externalHpWp, "/external/hp-wp/:id", url, page.data);
    expect(html).toContain(lot.number);
    expect(html).toContain("Inspect reinforcement");
    expect(html).toContain("Criteria of Inspect reinforcement");
    // The list's forms post back to the list (the client stays on it); each point's own page to itself.
    expect(html).toContain(`method="post" action="${url}" encType="multipart/form-data"`);
    const pointUrl = `/external/lot/${lot.id}/hp-wp/${hold.id}?token=${token}`;
    expect(html).toContain(`href="${pointUrl}"`);
    expect(html).toContain(`name="itemId" value="${hold.id}"`);
    for (const decision of ["release", "release_with_comment", "reject"])
      expect(html).toMatch(new RegExp(`type="radio" name="decision" [^>]*value="${decision}"`));
    expect(html).toContain('name="remark"');
    expect(html).toContain('name="decidedByName"');
    expect(html).toContain('type="file" name="files" multiple=""');

    const refused = await callAction(externalHpWp, url, {
      params: { id: linkId },
      multipart: decisionForm({ itemId: hold.id, decision: "reject", decidedByName: "Carl" }),
    });
    expect(refused.status).toBe(400);
    const again = await callLoader(externalHpWp, url, { params: { id: linkId } });
    const refusedHtml = await serverHtml(externalHpWp, "/external/hp-wp/:id", url, again.data, refused.data);
    expect(refusedHtml).toContain("Please give a remark for this decision");
  });

  it("renders a link that does not open as its own page (not valid, expired)", async () => {
    const html = await serverHtml(externalHpWp, "/external/hp-wp/:id", "/external/hp-wp/x?token=y", {
      state: "invalid",
    });
    expect(html).toContain("Link not valid");
    const expired = await serverHtml(externalHpWp, "/external/hp-wp/:id", "/external/hp-wp/x?token=y", {
      state: "expired",
    });
    expect(expired).toContain("Link Expired");
  });

  it("renders the lot review and the notify form as plain forms", async () => {
    const { lot, hold, site, qa } = await heldLotIn(db.em);
    const notifyUrl = `/quality/hp-wp/notify?point=${lot.id}:${hold.id}`;
    const form = await callLoader(notifyRoute, notifyUrl, { cookie: site.cookie });
    const notifyHtml = await serverHtml(notifyRoute, "/quality/hp-wp/notify", notifyUrl, form.data);
    expect(notifyHtml).toMatch(/<form method="post" action="\/quality\/hp-wp\/notify\?point=[^"]+"/);
    for (const name of ["clientName", "clientEmail", "cc", "dueOn", "content"])
      expect(notifyHtml).toContain(`name="${name}"`);
    expect(notifyHtml).toContain(`name="point" value="${lot.id}:${hold.id}"`);
    expect(notifyHtml).toContain('name="step" value="review"');

    await db.em.nativeUpdate(
      Lot,
      { id: lot.id },
      { status: "confirming", subStatus: "external_review" },
      {
        filters: false,
      },
    );
    await callAction(clientLinks, `/quality/lot/${lot.id}/client-links`, {
      cookie: qa.cookie,
      params: { id: lot.id },
      form: { intent: "send-review-link", clientName: "Carl Client", clientEmail: "carl@client.test" },
    });
    const mail = (await mailsTo(db.em, "carl@client.test")).at(-1)!;
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
    const url = `/external/lot/${lot.id}?token=${token}`;
    const page = await callLoader(externalLot, url, { params: { id: lot.id } });
    const html = await serverHtml(externalLot, "/external/lot/:id", url, page.data);
    expect(html).toContain(`method="post" action="${url}"`);
    expect(html).toMatch(/type="radio" name="decision" [^>]*value="approve"/);
    expect(html).toMatch(/type="radio" name="decision" [^>]*value="reject"/);
    expect(html).toContain('name="comment"');
    expect(html).toContain('name="reviewerName"');
  });
});
