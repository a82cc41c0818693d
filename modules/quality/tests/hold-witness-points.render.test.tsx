/**
 * The HP/WP tab and the lot header as a browser without JavaScript receives them, with the loader's real
 * data: each step a plain form posting the point and the step; the steps that need a reason open in place
 * with a required text box, "not required" with a required confirmation; the header names the hold point.
 */
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader } from "~/tests/setup/requests";
import * as lotHpWp from "../routes/lot-hp-wp";
import * as lotItpTab from "../routes/lot-itp";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();

function serverHtml(
  route: { default: React.ComponentType },
  url: string,
  loaderData: Record<string, unknown>,
) {
  return renderRouteHtml({ route, path: "/quality/lot/:id/*", url, loaderData });
}

describe("HP/WP without JavaScript", () => {
  it("renders each step as a form, asks reasons and confirmation, and names the holding point", async () => {
    const project = await createProject(db.em);
    const lot = await makeLot(db.em, project);
    const { itp, items } = await makeItp(db.em, project, {
      items: [
        { activity: "Inspect reinforcement", kind: "H" },
        { activity: "Pour concrete", kind: "I" },
      ],
    });
    await assign(db.em, project, lot, itp);
    const qa = await memberWith(db.em, project, [...LOT_ALL, "quality.lot.qa-review"]);
    const url = `/quality/lot/${lot.id}/hp-wp`;
    await callAction(lotHpWp, url, {
      cookie: qa.cookie,
      params: { id: lot.id },
      form: { intent: "point", itemId: items[0].id, action: "notify" },
    });
    const loaded = await callLoader(lotHpWp, url, { cookie: qa.cookie, params: { id: lot.id } });
    const html = await serverHtml(lotHpWp, url, loaded.data);

    expect(html).toContain(
      `Held at hold point ${itp.number} #1 &quot;Inspect reinforcement&quot; (Notified)`,
    );
    expect(html).toContain(`href="/quality/lot/${lot.id}/hp-wp#point-${items[0].id}"`);
    expect(html).toContain('<input type="hidden" name="intent" value="point"/>');
    expect(html).toContain(`<input type="hidden" name="itemId" value="${items[0].id}"/>`);
    for (const action of ["release", "release_with_comment", "reject", "mark_not_required"])
      expect(html).toContain(`<input type="hidden" name="action" value="${action}"/>`);
    expect(html).toContain("Release on client&#x27;s behalf");
    expect(html.match(/<details/g)).toHaveLength(3);
    expect(html.match(/<textarea[^>]*name="comment"[^>]*required/g)).toHaveLength(3);
    expect(html).toMatch(/<input[^>]*name="confirmed"[^>]*required/);
    expect(html).toContain("Notified");

    const itpUrl = `/quality/lot/${lot.id}/itp`;
    const itpTab = await callLoader(lotItpTab, itpUrl, { cookie: qa.cookie, params: { id: lot.id } });
    const itpHtml = await serverHtml(lotItpTab, itpUrl, itpTab.data);
    expect(itpHtml).toContain(
      `Held by hold point ${itp.number} #1 &quot;Inspect reinforcement&quot;: this item can be checked once that hold point is released.`,
    );
    // The blocked item offers no check form; the hold point itself keeps its own.
    expect(itpHtml.match(/name="intent" value="check"/g)).toHaveLength(1);
  });
});
