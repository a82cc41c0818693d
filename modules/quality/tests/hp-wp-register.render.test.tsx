/**
 * The HP/WP register as a browser without JavaScript receives it: its tabs are links, its search and
 * filters GET forms, its rows phone cards below md, and the selection a GET form to the notify page whose
 * checkboxes send `point=<lotId>:<itemId>` once each.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as register from "../routes/hp-wp-register";
import { parseHpWpRegisterQuery } from "../server/hp-wp-register-rules";

const LOT = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const OTHER_LOT = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const ITEM = "2b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const OTHER_ITEM = "3b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

function serverHtml(url: string, loaderData: Record<string, unknown>) {
  return renderRouteHtml({ route: register, path: "/quality/hp-wp", url, loaderData });
}

const row = (lotId: string, itemId: string, state: string, extra: Record<string, unknown> = {}) => ({
  lotId,
  lotNumber: lotId === LOT ? "LOT-0042" : "LOT-0041",
  lotTitle: "Deck pour",
  locationPath: "Bridge › Span 2",
  itpId: "4b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f",
  itpNumber: "ITP-0003",
  itemId,
  position: itemId === ITEM ? 2 : 4,
  activity: itemId === ITEM ? "Inspect reinforcement" : "Final survey",
  kind: "H",
  state,
  lastAction: null,
  dueOn: null,
  overdue: false,
  notifiedAt: null,
  decidedAt: null,
  ...extra,
});

const data = (search: string, rows: unknown[], canNotify = true) => ({
  register: {
    query: parseHpWpRegisterQuery(new URLSearchParams(search)),
    rows,
    total: rows.length,
    page: 1,
    pageSize: 10,
  },
  canNotify,
});

const decode = (html: string) => html.replaceAll("&amp;", "&");

/** What a browser sends for the selection form when the given boxes are ticked: the form's URL. */
function submittedSelection(html: string, ticked: (value: string) => boolean) {
  const form = html.match(/<form id="hp-wp-selection"[^>]*>/)?.[0] ?? "";
  const method = form.match(/method="([^"]+)"/)?.[1];
  const action = form.match(/action="([^"]+)"/)?.[1];
  const params = new URLSearchParams();
  for (const box of html.matchAll(/<input type="checkbox" form="hp-wp-selection"[^>]*>/g)) {
    const name = box[0].match(/name="([^"]+)"/)?.[1] ?? "";
    const value = box[0].match(/value="([^"]+)"/)?.[1] ?? "";
    if (ticked(value)) params.append(name, value);
  }
  return { method, url: `${action}?${params}` };
}

describe("the HP/WP register's page", () => {
  it("has the spec's tabs as links, a GET search and filter form, and phone cards", async () => {
    const html = decode(
      await serverHtml(
        "/quality/hp-wp?tab=hold",
        data("tab=hold", [row(LOT, ITEM, "notified", { dueOn: "2026-11-01", overdue: true })]),
      ),
    );
    expect(html).toContain(">Witness Point<");
    expect(html).toContain(">Hold Point<");
    expect(html).toContain('href="/quality/hp-wp"');
    // Search and filters: GET forms (two of them) that keep the tab as a hidden field.
    expect(html.match(/<form method="get"/g)?.length).toBe(2);
    expect(html).toMatch(/<form method="get"[^>]*role="search"[\s\S]*name="q"/);
    expect(html).toContain('type="hidden" name="tab" value="hold"');
    for (const filter of ["state", "lot", "itp", "location"]) expect(html).toContain(`name="${filter}"`);
    // Phone cards from the table's own cells: heading, status and labelled details.
    expect(html).toContain("table-cards");
    expect(html).toMatch(/data-cards="h1 d2 s3 d4 d5 d7"/);
    // The point's own page (lot and ITP item), the lot's HP/WP tab, and the overdue mark.
    expect(html).toContain(`href="/quality/lot/${LOT}/hp-wp/${ITEM}"`);
    expect(html).toContain(`href="/quality/lot/${LOT}/hp-wp"`);
    expect(html).toContain("Overdue");
  });

  it("sends the ticked points to the notify page as repeated point=<lotId>:<itemId>, without JavaScript", async () => {
    const html = decode(
      await serverHtml(
        "/quality/hp-wp?tab=hold",
        data("tab=hold", [
          row(LOT, ITEM, "not_started"),
          row(LOT, OTHER_ITEM, "released"),
          row(OTHER_LOT, OTHER_ITEM, "rejected"),
        ]),
      ),
    );
    const sent = submittedSelection(html, () => true);
    expect(sent.method).toBe("get");
    // Only points the client can be called to (not started, or rejected and fixed) can be ticked.
    expect(sent.url).toBe(
      `/quality/hp-wp/notify?point=${encodeURIComponent(`${LOT}:${ITEM}`)}&point=${encodeURIComponent(
        `${OTHER_LOT}:${OTHER_ITEM}`,
      )}`,
    );
    const one = new URL(
      `http://localhost${submittedSelection(html, (value) => value.startsWith(OTHER_LOT)).url}`,
    );
    expect(one.pathname).toBe("/quality/hp-wp/notify");
    expect(one.searchParams.getAll("point")).toEqual([`${OTHER_LOT}:${OTHER_ITEM}`]);
    expect(html).toContain(">Notify client<");
  });

  it("offers no selection to a member who cannot notify, and says when a filter finds nothing", async () => {
    const viewer = await serverHtml("/quality/hp-wp", data("", [row(LOT, ITEM, "not_started")], false));
    expect(viewer).not.toContain("hp-wp-selection");
    const empty = await serverHtml("/quality/hp-wp?state=rejected", data("state=rejected", []));
    expect(empty).toContain("No results found!");
    const none = await serverHtml("/quality/hp-wp", data("", []));
    expect(none).toContain("You don");
  });
});
