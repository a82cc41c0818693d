/**
 * The NCR pages as a browser without JavaScript receives them: the register's tabs are links, the detail
 * page's forms post back to the page, and steps that need a reason or a confirmation open in place with the
 * field the server insists on.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as ncrCreate from "../routes/ncr-create";
import * as ncrDetail from "../routes/ncr-detail";
import * as ncrList from "../routes/ncr-list";

const NCR_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const LOT_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

function serverHtml(
  route: { default: React.ComponentType },
  path: string,
  url: string,
  loaderData: Record<string, unknown>,
  locale: "en" | "vi" = "en",
) {
  return renderRouteHtml({ route, path, url, loaderData, locale });
}

const details = {
  title: "Honeycombing on the deck soffit",
  description: "Voids over 1 m² at the east end.",
  itpItemId: null,
  containment: "Area taped off",
  disposition: "use_as_is",
  concessionAuthorisedBy: null,
  clientToBeInformed: true,
  rootCause: null,
  correctiveAction: null,
  correctiveActionOwner: null,
  correctiveActionDue: null,
  effectivenessCheck: null,
};

const detail = (
  status: string,
  actions: { action: string; confirm: boolean; requiresComment: boolean }[],
) => ({
  ncr: {
    id: NCR_ID,
    number: "NCR-0007",
    type: "product",
    status,
    raisedOn: "2026-11-20",
    closedOn: null,
    lot: { id: LOT_ID, number: "LOT-0042", title: "Deck pour" },
    itpItemLabel: null,
    lastReturnComment: null,
    details,
    editable: status === "in_progress",
  },
  itpItems: [{ value: "2b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f", label: "ITP-0003 · 4. Compaction test" }],
  actions,
  activity: [],
  canEdit: true,
  canDownload: true,
  files: [{ id: LOT_ID, fileName: "core-test.pdf", size: 2048, isImage: false }],
  canAddFiles: status !== "closed",
});

describe("NCR pages without JavaScript", () => {
  it("the register's tabs are links and its rows are cards on a phone", async () => {
    const html = await serverHtml(ncrList, "/quality/ncr", "/quality/ncr?tab=product&page=2", {
      list: {
        query: { tab: "product", q: "", status: null, sort: "number", dir: "desc" },
        page: 1,
        pageSize: 10,
        total: 1,
        rows: [
          {
            id: NCR_ID,
            number: "NCR-0007",
            title: "Honeycombing",
            type: "product",
            status: "in_review",
            lotNumber: "LOT-0042",
            raisedOn: "2026-11-20",
            correctiveActionDue: null,
            updatedAt: "2026-11-20T00:00:00.000Z",
          },
        ],
      },
      canCreate: true,
      canDownload: true,
    });
    expect(html).toContain('href="/quality/ncr"');
    expect(html).toContain('href="/quality/ncr?tab=system"');
    expect(html).toMatch(/aria-current="page"[^>]*>Product</);
    expect(html).toContain("data-cards");
    expect(html).toContain("In Review");
    expect(html).toContain('href="/quality/ncr/create"');
    // The workbook is the register as filtered, from its first row.
    expect(html).toContain('href="/quality/ncr/export?tab=product"');
  });

  it("an NCR in progress is a form of its ISO sections that posts back with the save intent", async () => {
    const url = `/quality/ncr/${NCR_ID}`;
    const html = await serverHtml(
      ncrDetail,
      "/quality/ncr/:id",
      url,
      detail("in_progress", [{ action: "submit_for_review", confirm: false, requiresComment: false }]),
    );
    expect(html).toContain('<input type="hidden" name="intent" value="save"/>');
    // Its files are listed (each opens on the core attachment page), and added with a plain multipart form.
    expect(html).toContain(`href="/attachments/${LOT_ID}"`);
    const uploadForm = html.match(new RegExp(`<form[^>]*action="${url}/files"[^>]*>`))?.[0] ?? "";
    expect(uploadForm).toContain('encType="multipart/form-data"');
    expect(uploadForm).toContain('method="post"');
    for (const name of [
      "containment",
      "disposition",
      "concessionAuthorisedBy",
      "rootCause",
      "effectivenessCheck",
    ])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain("Use as is (concession)");
    expect(html).toContain("ITP-0003 · 4. Compaction test");
    expect(html).toContain('<input type="hidden" name="action" value="submit_for_review"/>');
    expect(html).toContain('href="/quality/lot/1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f"');
    expect(html).toContain(`href="/quality/ncr/${NCR_ID}/pdf"`);
  });

  it("in review, return asks its reason and close its confirmation in place; the sections are read-only", async () => {
    const html = await serverHtml(
      ncrDetail,
      "/quality/ncr/:id",
      `/quality/ncr/${NCR_ID}`,
      detail("in_review", [
        { action: "return", confirm: false, requiresComment: true },
        { action: "close", confirm: true, requiresComment: false },
      ]),
    );
    expect(html).not.toContain('value="save"');
    expect(html).toMatch(/<details[^>]*>.*Return for more work.*name="comment"[^>]*required/s);
    expect(html).toMatch(/name="confirmed"[^>]*required/);
    expect(html).toContain("Close NCR-0007? Its record can no longer be changed.");
    expect(html).toContain("Area taped off");
  });

  it("the raise form, opened from a lot, fixes the lot and speaks Vietnamese", async () => {
    const html = await serverHtml(
      ncrCreate,
      "/quality/ncr/create",
      `/quality/ncr/create?lot=${LOT_ID}`,
      {
        lot: { id: LOT_ID, number: "LOT-0042", title: "Deck pour" },
        itpItems: [],
      },
      "vi",
    );
    expect(html).toContain('<input type="hidden" name="lotNumber" value="LOT-0042"/>');
    expect(html).toContain("Lập NCR");
    expect(html).toMatch(/type="radio" name="type"[^>]*checked=""[^>]*value="product"/);
  });
});
